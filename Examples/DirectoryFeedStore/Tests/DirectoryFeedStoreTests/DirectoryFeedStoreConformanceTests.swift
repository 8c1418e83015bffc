import DirectoryFeedStore
import FeedStoreSpecs
import Testing

@Suite(.temporaryDirectory, .trackingMemoryLeaks)
struct DirectoryFeedStoreConformanceTests {
  @Test(arguments: FeedStoreSpec.all(for: DirectoryFeedStoreFactory.self))
  func directoryFeedStoreConforms(to spec: FeedStoreSpec) async throws {
    let factory = DirectoryFeedStoreFactory(root: try TemporaryDirectory.current) { store in
      trackForMemoryLeaks(store)
    }

    try await spec.verify(factory)
  }
}
