import FeedStoreBackends
import Testing

/// Kills each durable backend's insert with `SIGKILL` at many moments, in a child process.
///
/// Afterwards the storage holds the old cache or the new feed of 100,000 images, exactly, and the
/// next insert leaves no temporary file behind. See docs/CrashSafety.md.
@Suite(
  .enabled(
    if: KillConfiguration.isEnabled,
    "Kills child processes for a minute or more: set FEEDSTORE_KILL_TESTS=1 to run (CI does, in a step of its own)"
  ))
struct RealKillTests {
  @Test(arguments: FeedStoreBackend.all.filter(\.isPersistent))
  func insert_killedAtAnyMoment_leavesExactlyTheOldOrTheNewFeed(_ backend: FeedStoreBackend)
    async throws
  {
    let report = try await makeSUT(backend)

    #expect(
      report.tornOutcomes.isEmpty,
      "\(report.tornOutcomes.count) kills left neither feed, first: \(report.tornOutcomes.prefix(3))"
    )
    #expect(report.childFailures.isEmpty, "children failed: \(report.childFailures.prefix(3))")
  }

  @Test(arguments: FeedStoreBackend.all.filter(\.isPersistent))
  func insert_afterAKilledInsert_leavesNoTemporaryFileBehind(_ backend: FeedStoreBackend)
    async throws
  {
    let report = try await makeSUT(backend)

    #expect(
      report.leftoverAfterNextInsertCount == 0,
      """
      \(report.leftoverAfterNextInsertCount) of \(report.trials.count) kills left temporary files \
      that the next insert did not remove, such as \(report.namesLeftAfterNextInsert.prefix(3))
      """)
  }

  private func makeSUT(_ backend: FeedStoreBackend) async throws -> KillReport {
    try await KillCampaigns.shared.report(for: backend)
  }
}
