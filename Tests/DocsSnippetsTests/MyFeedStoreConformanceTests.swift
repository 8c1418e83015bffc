import FeedStoreSpecs
import Testing

@Test(.temporaryDirectory, arguments: FeedStoreSpec.all(for: MyFeedStoreFactory.self))
func myFeedStoreConforms(to spec: FeedStoreSpec) async throws {
  try await spec.verify(MyFeedStoreFactory(directory: TemporaryDirectory.current))
}
