import FeedStoreSpecs
import Testing

@Test(
  .enabled(if: (try? FeedStoreSpec.profile) == .thorough, "child processes: thorough profile"),
  arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
func myStoreConformsInChildProcesses(to spec: FeedStoreSpec) async throws {
  try await spec.verifyInChildProcess(MyStoreFactory())
}
