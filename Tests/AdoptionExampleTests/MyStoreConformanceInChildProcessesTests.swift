import FeedStoreSpecs
import Testing

@Test(arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
func myStoreConformsInChildProcesses(to spec: FeedStoreSpec) async throws {
  try await spec.verifyInChildProcess(MyStoreFactory())
}
