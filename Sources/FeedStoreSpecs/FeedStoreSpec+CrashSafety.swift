import FeedCache
import Testing

extension FeedStoreSpec {
  static let crashSafetySpecs: [FeedStoreSpec] = [
    crashSafe(
      "crash_insertLeavesOldOrNewCache",
      "After a crash at any point of an insert, a restarted store delivers the old cache or the new one, exactly."
    ) { factory, sourceLocation in
      try await sweepCrashPoints(of: factory, sourceLocation: sourceLocation) { crash in
        await oldOrNewFailure(crash)
      }
    },
    crashSafe(
      "crash_nextInsertRemovesStrayItems",
      "After a crash at any point of an insert, the next insert leaves nothing stray beside the storage."
    ) { factory, sourceLocation in
      try await sweepCrashPoints(of: factory, sourceLocation: sourceLocation) { crash in
        guard !crash.completed else { return nil }
        let next = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 2)

        try await crash.restarted.insert(next.feed, timestamp: next.timestamp)

        return try await strayItemsFailure(crash, after: "the next insert", factory: factory)
      }
    },
    crashSafe(
      "crash_nextDeleteRemovesStrayItems",
      "After a crash at any point of an insert, the next delete leaves nothing stray beside the storage."
    ) { factory, sourceLocation in
      try await sweepCrashPoints(of: factory, sourceLocation: sourceLocation) { crash in
        guard !crash.completed else { return nil }

        try await crash.restarted.deleteCachedFeed()

        return try await strayItemsFailure(crash, after: "the next delete", factory: factory)
      }
    },
  ]

  /// One insert that crashed, or completed, at a crash point, and the store opened afterwards.
  struct Crash {
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
    of factory: any CrashableFeedStoreFactory, sourceLocation: SourceLocation,
    _ check: (Crash) async throws -> String?
  ) async throws {
    var failures: [String] = []
    defer {
      if let first = failures.first {
        let others = failures.count - 1
        recordIssue(
          others == 0 ? first : "\(first) (and at \(others) more crash points)",
          sourceLocation: sourceLocation)
      }
    }
    for crashPoint in 0..<maximumCrashPoints {
      let old = FeedStoreFixtures.uniqueCachedFeed()
      // Much larger than the old cache, so the insert takes many writes and must grow the storage.
      let new = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(count: 10 * old.feed.count),
        timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
      let original = try await factory.makeStore()
      // The known cache goes through a boundary that never crashes, as the crashing one does
      // until its crash point, so setting it up costs no more than the insert under test.
      try await factory.reopen(original, crashingAt: .max).insert(
        old.feed, timestamp: old.timestamp)
      let crashing = try await factory.reopen(original, crashingAt: crashPoint)

      let insert = await outcome { try await crashing.insert(new.feed, timestamp: new.timestamp) }

      if case .timedOut(let limit) = insert {
        recordIssue(
          "Expected an insert crashing at write \(crashPoint) to return or throw, but it had not "
            + "after \(limit)", sourceLocation: sourceLocation)
        return
      }
      let completed = if case .returned = insert { true } else { false }
      let restarted = try await factory.reopen(original)
      let failure = try await check(
        Crash(
          crashPoint: crashPoint, completed: completed, old: old, new: new, restarted: restarted))
      failures += failure.map { [$0] } ?? []
      guard completed else { continue }
      if crashPoint == 0 {
        recordIssue(
          "Expected an insert crashing at write 0 to throw, but it completed: the factory's "
            + "crash point has no effect", sourceLocation: sourceLocation)
      }
      return
    }
    recordIssue(
      "Expected an insert to complete once its crash point lay beyond its last write, but it "
        + "crashed at each of \(maximumCrashPoints) points", sourceLocation: sourceLocation)
  }

  /// Why a restarted store does not deliver the old cache or the new one, or `nil` when it does.
  private static func oldOrNewFailure(_ crash: Crash) async -> String? {
    let point =
      crash.completed ? "an insert that completed" : "a crash at write \(crash.crashPoint)"
    let expected =
      crash.completed
      ? FailureMessage.describe(crash.new)
      : "the old cache (\(FailureMessage.describe(crash.old))) or the new one "
        + "(\(FailureMessage.describe(crash.new)))"
    let expectation = "Expected retrieve after a restart after \(point) to deliver \(expected)"
    switch await outcome(of: { try await crash.restarted.retrieve() }) {
    case .returned(let retrieved):
      let acceptable: [CachedFeed?] = crash.completed ? [crash.new] : [crash.old, crash.new]
      guard !acceptable.contains(retrieved) else { return nil }
      let difference =
        FailureMessage.difference(between: crash.completed ? crash.new : crash.old, and: retrieved)
        ?? "it delivered \(FailureMessage.describe(retrieved))"
      return "\(expectation), but \(difference)"
    case .threw(let error):
      return "\(expectation), but it threw: \(error)"
    case .timedOut(let limit):
      return "\(expectation), but it had not returned after \(limit)"
    }
  }

  /// What stray items `action` left beside the storage after `crash`, or `nil` when none.
  private static func strayItemsFailure(
    _ crash: Crash, after action: String, factory: any CrashableFeedStoreFactory
  ) async throws -> String? {
    let strays = try await factory.strayItems(besideAny: crash.restarted)
    guard !strays.isEmpty else { return nil }
    return "Expected \(action) after a crash at write \(crash.crashPoint) to leave nothing "
      + "beside the storage, but found \(strays.sorted())"
  }

  private static func crashSafe(
    _ id: String, _ summary: String,
    body: @escaping @Sendable (any CrashableFeedStoreFactory, SourceLocation) async throws -> Void
  ) -> FeedStoreSpec {
    FeedStoreSpec(
      id, .crashSafety, summary, capable: { $0 as? any CrashableFeedStoreFactory }, body: body)
  }
}
