import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let crashSafetySpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "crash_insertLeavesOldOrNewCache", crashSafety,
      "After a crash at any point of an insert, a restarted store delivers the old cache or the "
        + "new one, exactly."
    ) { (factory: any CrashableFeedStoreFactory) in
      try await sweepCrashPoints(of: factory) { crash in
        await oldOrNewFailure(crash)
      }
    },
    FeedStoreSpec(
      "crash_nextInsertRemovesStrayItems", crashSafety,
      "Recommended: after a crash at any point of an insert, the next insert leaves nothing "
        + "stray beside the storage.",
      isRecommendation: true
    ) { (factory: any CrashableFeedStoreFactory) in
      try await sweepCrashPoints(of: factory) { crash in
        guard !crash.completed else { return nil }
        let next = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 2)

        try await crash.restarted.insert(next, "the next insert after the crash")

        return try await strayItemsFailure(crash, after: "the next insert", factory: factory)
      }
    },
    FeedStoreSpec(
      "crash_nextDeleteRemovesStrayItems", crashSafety,
      "Recommended: after a crash at any point of an insert, the next delete leaves nothing "
        + "stray beside the storage.",
      isRecommendation: true
    ) { (factory: any CrashableFeedStoreFactory) in
      try await sweepCrashPoints(of: factory) { crash in
        guard !crash.completed else { return nil }

        try await crash.restarted.deleteCachedFeed("the next delete after the crash")

        return try await strayItemsFailure(crash, after: "the next delete", factory: factory)
      }
    },
  ]

  /// One insert that crashed, or completed, at a crash point, and the store opened afterwards.
  private struct Crash {
    let crashPoint: Int
    /// Whether the insert returned: the crash point lay beyond its last write.
    let completed: Bool
    let old: CachedFeed
    let new: CachedFeed
    let restarted: any FeedStore
  }

  /// The most crash points a sweep tries before it fails for an insert that never completes.
  private static let maximumCrashPoints = 10_000

  /// Crashes an insert over a known cache at write 0, 1, 2, … until an insert completes, and
  /// hands each outcome, with a store reopened as after a restart, to `check`, which says what
  /// went wrong, if anything; records the first failure and how many crash points failed.
  private static func sweepCrashPoints(
    of factory: any CrashableFeedStoreFactory, _ check: (Crash) async throws -> String?
  ) async throws {
    var failures: [String] = []
    defer {
      if let first = failures.first {
        let others = failures.count - 1
        SpecRun.recordFailure(
          others == 0
            ? first
            : "\(first) (and at \(others) more crash point\(others == 1 ? "" : "s"))")
      }
    }
    for crashPoint in 0..<maximumCrashPoints {
      let old = FeedStoreFixtures.uniqueCachedFeed()
      // Much larger than the old cache, so the insert takes many writes and must grow the storage.
      let new = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(count: 10 * old.feed.count),
        timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
      let original = try await factory.makeEmptyStore()
      // The known cache goes through a boundary that never crashes, as the crashing one does
      // until its crash point, so setting it up costs no more than the insert under test.
      try await factory.reopen(original, crashingAt: .max).insert(
        old, "insert of the cache the crash must keep")
      let crashing = try await factory.reopen(original, crashingAt: crashPoint)

      let completed: Bool
      do {
        try await crashing.insert(new, "insert crashing at write \(crashPoint)")
        completed = true
      } catch {
        completed = false
      }

      let restarted = try await factory.reopen(original)
      let failure = try await check(
        Crash(
          crashPoint: crashPoint, completed: completed, old: old, new: new, restarted: restarted))
      failures += failure.map { [$0] } ?? []
      guard completed else { continue }
      if crashPoint == 0 {
        SpecRun.recordFailure(
          "Expected an insert crashing at write 0 to throw, but it completed: the factory's "
            + "crash point has no effect")
      }
      return
    }
    SpecRun.recordFailure(
      "Expected an insert to complete once its crash point lay beyond its last write, but it "
        + "crashed at each of \(maximumCrashPoints) points")
  }

  /// Why a restarted store does not deliver the old cache or the new one, exactly, or `nil` when
  /// it does.
  private static func oldOrNewFailure(_ crash: Crash) async -> String? {
    let point =
      crash.completed ? "an insert that completed" : "a crash at write \(crash.crashPoint)"
    let expected =
      crash.completed
      ? CacheComparison.describe(crash.new)
      : "the old cache (\(CacheComparison.describe(crash.old))) or the new one "
        + "(\(CacheComparison.describe(crash.new)))"
    let expectation = "Expected retrieve after a restart after \(point) to deliver \(expected)"
    let retrieved: CachedFeed?
    do {
      retrieved = try await crash.restarted.retrieve("retrieve after a restart after \(point)")
    } catch {
      return "\(expectation), but it threw: \(error)"
    }
    let acceptable = crash.completed ? [crash.new] : [crash.old, crash.new]
    let differences = acceptable.map { CacheComparison.difference(between: $0, and: retrieved) }
    guard let first = differences[0], !differences.contains(where: { $0 == nil }) else {
      return nil
    }
    // The first acceptable cache is the old one when the insert did not complete: a torn write
    // starts from it.
    return "\(expectation), but \(first)"
  }

  /// What stray items `action` left beside the storage after `crash`, or `nil` when none.
  private static func strayItemsFailure(
    _ crash: Crash, after action: String, factory: any CrashableFeedStoreFactory
  ) async throws -> String? {
    let strays = try await factory.strayItems(
      besideAny: crash.restarted, after: crash.crashPoint)
    guard !strays.isEmpty else { return nil }
    return "Expected \(action) after a crash at write \(crash.crashPoint) to leave nothing "
      + "beside the storage, but found \(strays.sorted())"
  }
}

extension CrashableFeedStoreFactory {
  /// Opens a store over the storage of `store` that crashes after `crashPoint` writes.
  ///
  /// - Throws: What opening the store throws, or ``ForeignStoreError``.
  fileprivate func reopen(_ store: any FeedStore, crashingAt crashPoint: Int) async throws
    -> Store
  {
    tracked(
      try await call(
        "makeStore(sharingStorageWith:crashingAt:)", on: store, "at crash point \(crashPoint)"
      ) {
        try await makeStore(sharingStorageWith: $0, crashingAt: crashPoint)
      })
  }

  /// The stray items beside the storage of `store`, which this factory made.
  ///
  /// - Throws: What listing them throws, or ``ForeignStoreError``.
  fileprivate func strayItems(besideAny store: any FeedStore, after crashPoint: Int) async throws
    -> [String]
  {
    try await call(
      "strayItems(besideStorageOf:)", on: store, "after a crash at write \(crashPoint)"
    ) {
      try await strayItems(besideStorageOf: $0)
    }
  }
}
