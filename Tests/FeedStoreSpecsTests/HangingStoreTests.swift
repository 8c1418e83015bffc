import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// Proves that a store that never returns fails the spec that waited for it, in process.
///
/// The failure names the operation and the limit, and the run goes on. The stores block threads of the specs' executor until each test gives them back; the suite runs
/// one test at a time, so it never holds more than one.
@Suite(.temporaryDirectory, .serialized, .specProfile(.quick)) struct HangingStoreTests {
  @Test(arguments: [
    Hostility.deadlocksOnSecondInsert, .neverResumesItsContinuationOnSecondInsert,
    .waitsForeverForItsFileLockOnSecondInsert,
  ])
  func storeThatNeverReturns_failsTheSpecNamingTheOperation(_ hostility: Hostility) async throws {
    let (spec, factory) = try makeSUT(hostility)
    defer { factory.releases.releaseAll() }

    let failures = try await collectIssues { try await spec.verify(factory) }

    #expect(failures.map { $0.comments.map(\.rawValue) } == [[Self.timeoutMessage]])
  }

  @Test func storeThatNeverReturns_isNotAlsoBlamedForALeak() async throws {
    let (spec, untracked) = try makeSUT(.deadlocksOnSecondInsert)
    var tracked = untracked
    tracked.tracksLeaks = true
    let factory = tracked
    defer { factory.releases.releaseAll() }

    let failures = try await collectIssues {
      try await SpecTrait.trackingMemoryLeaks.provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await spec.verify(factory)
      }
    }

    #expect(failures.map { $0.comments.map(\.rawValue) } == [[Self.timeoutMessage]])
  }

  /// The watchdog's own clock: no announcement, a short limit that the operation outlives.
  ///
  /// On a loaded machine an earlier operation may outlive the limit too, so the test checks the
  /// failure's form, not which operation it names.
  @Test func storeThatNeverReturns_failsOnceTheLimitHasPassed() async throws {
    let spec = try #require(FeedStoreSpec.named("insert_overridesPreviouslyInsertedCache"))
    let factory = HostileFeedStoreFactory(
      .neverResumesItsContinuationOnSecondInsert, in: try TemporaryDirectory.current,
      announcesHang: false)

    let failures = try await collectIssues {
      try await SpecTrait.operationTimeLimit(.milliseconds(500)).provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await spec.verify(factory)
      }
    }

    let message = try #require(failures.first?.comments.first?.rawValue)
    #expect(failures.count == 1)
    #expect(message.hasPrefix("Expected "))
    #expect(
      message.hasSuffix(
        " to return, but it did not return within 500 ms (the limit .operationTimeLimit sets): "
          + "likely a deadlock, a lock never released or a continuation never resumed; if it is "
          + "only slow, give it a longer .operationTimeLimit. The spec stopped waiting for it"))
  }

  static let timeoutMessage =
    "Expected insert into a store with a cache to return, but it did not return within 60 s "
    + "(the quick profile's limit): likely a deadlock, a lock never released or a continuation "
    + "never resumed; if it is only slow, give it a longer .operationTimeLimit. The spec stopped "
    + "waiting for it"

  private func makeSUT(_ hostility: Hostility) throws -> (FeedStoreSpec, HostileFeedStoreFactory) {
    let spec = try #require(FeedStoreSpec.named("insert_overridesPreviouslyInsertedCache"))
    return (spec, HostileFeedStoreFactory(hostility, in: try TemporaryDirectory.current))
  }
}
