import FeedStoreSpecs
import Testing

@Test(arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
func myStoreConforms(to spec: FeedStoreSpec) async throws {
  try await spec.verify(MyStoreFactory())
}
