import FeedStoreBackends
import Testing

/// Kills each durable backend's insert with `SIGKILL` at many moments, in a child process.
///
/// Afterwards the storage holds the old cache or the new feed of 100,000 images, exactly, and the
/// next insert leaves no temporary file behind; a killed first insert into new storage leaves
/// nothing cached or the new feed, and nothing the next insert does not remove. See
/// docs/CrashSafety.md.
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
    let report = try await makeSUT(backend, .overOldCache)

    expectNoTornCache(report)
  }

  @Test(arguments: FeedStoreBackend.all.filter(\.isPersistent))
  func insert_afterAKilledInsert_leavesNoTemporaryFileBehind(_ backend: FeedStoreBackend)
    async throws
  {
    let report = try await makeSUT(backend, .overOldCache)

    expectNoLeftoverAfterNextInsert(report)
  }

  @Test(arguments: FeedStoreBackend.all.filter(\.isPersistent))
  func firstInsert_killedAtAnyMoment_leavesNothingOrExactlyTheNewFeed(_ backend: FeedStoreBackend)
    async throws
  {
    let report = try await makeSUT(backend, .intoNewStorage)

    expectNoTornCache(report)
  }

  // Before: a killed first SQLite insert left .feedstore-<UUID>.new with its -wal and -shm, and
  // no later insert or delete removed them.
  @Test(arguments: FeedStoreBackend.all.filter(\.isPersistent))
  func insert_afterAKilledFirstInsert_leavesNoTemporaryFileBehind(_ backend: FeedStoreBackend)
    async throws
  {
    let report = try await makeSUT(backend, .intoNewStorage)

    expectNoLeftoverAfterNextInsert(report)
  }

  private func makeSUT(_ backend: FeedStoreBackend, _ scenario: KillScenario) async throws
    -> KillReport
  {
    try await KillCampaigns.shared.report(for: backend, scenario)
  }

  /// Expects every kill to have left the old cache (nothing, in new storage) or the new feed,
  /// and every child to have ended by the kill or a successful insert.
  private func expectNoTornCache(
    _ report: KillReport, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      report.tornOutcomes.isEmpty,
      """
      \(report.tornOutcomes.count) kills left something other than \
      \(report.scenario.allowedOutcomes), first: \(report.tornOutcomes.prefix(3))
      """, sourceLocation: sourceLocation)
    #expect(
      report.childFailures.isEmpty, "children failed: \(report.childFailures.prefix(3))",
      sourceLocation: sourceLocation)
  }

  private func expectNoLeftoverAfterNextInsert(
    _ report: KillReport, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      report.leftoverAfterNextInsertCount == 0,
      """
      \(report.leftoverAfterNextInsertCount) of \(report.trials.count) kills left temporary files \
      that the next insert did not remove, such as \(report.namesLeftAfterNextInsert.prefix(3))
      """, sourceLocation: sourceLocation)
  }
}
