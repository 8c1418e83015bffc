import FeedStoreSpecs
import Testing

@Suite(.temporaryDirectory, .trackingMemoryLeaks)
struct DirectoryFeedStoreConformanceTests {
  @Test(arguments: FeedStoreSpec.all(for: DirectoryFeedStoreFactory.self))
  func directoryFeedStoreConforms(to spec: FeedStoreSpec) async throws {
    try await spec.verify(DirectoryFeedStoreFactory(root: TemporaryDirectory.current))
  }
}
