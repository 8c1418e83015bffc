import FeedStoreSpecs
import Foundation
import Testing

/// Proves ``FeedStoreSpec/verifyInChildProcess(_:knownDeviations:sourceLocation:)``: a store
/// that traps fails exactly the specs that reach the trap, each with the trap's message, and the
/// failures a spec records in its child are reported at the caller's line.
@Suite struct ChildProcessTests {
  @Test(arguments: trappingStoreSpecs())
  func trappingStore_failsExactlyTheSpecsThatReachItsTrap(_ spec: FeedStoreSpec) async throws {
    let reachesTrap = try await specReaches(.delete, spec)
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await spec.verifyInChildProcess(
        TrappingFeedStoreFactory(operation: .delete), sourceLocation: caller)
    }

    if reachesTrap {
      #expect(failures.map(\.sourceLocation) == [caller])
      #expect(
        failures.first?.comments.first?.rawValue.hasPrefix(
          "Expected \(spec.id) to finish in its child process, but the process crashed with "
            + "signal \(SIGILL), SIGILL") == true)
      #expect(
        failures.first?.comments.first?.rawValue.hasSuffix(
          ": Fatal error: TrappingFeedStore traps on delete") == true)
    } else {
      #expect(failures.isEmpty)
    }
  }

  @Test func trap_failsTheSpecWithTheTrapsMessage() async throws {
    let spec = try #require(FeedStoreSpec.named("delete_emptiesPreviouslyInsertedCache"))

    let failures = try await collectIssues {
      try await spec.verifyInChildProcess(TrappingFeedStoreFactory(operation: .delete))
    }

    #expect(
      failures.map { $0.comments.map(\.rawValue) } == [
        [
          "Expected delete_emptiesPreviouslyInsertedCache to finish in its child process, but the "
            + "process crashed with signal 4, SIGILL: a Swift runtime trap, such as fatalError, a "
            + "failed precondition or a force unwrap of nil; it wrote: "
            + "FeedStoreSpecsTests/TrappingFeedStoreFactory.swift:12: Fatal error: "
            + "TrappingFeedStore traps on delete"
        ]
      ])
  }

  @Test func failureInTheChild_isReportedAtTheCallerAsInProcess() async throws {
    let spec = try #require(FeedStoreSpec.named("insert_overridesPreviouslyInsertedCache"))
    let factory = MisbehavingFeedStoreFactory(misbehavior: .keepsFirstInsertedCache)
    let caller = #_sourceLocation

    let inChild = try await collectIssues {
      try await spec.verifyInChildProcess(factory, sourceLocation: caller)
    }
    let inProcess = try await collectIssues {
      try await spec.verify(factory, sourceLocation: caller)
    }

    #expect(inChild.map(\.sourceLocation) == [caller])
    #expect(
      inChild.map { $0.comments.map { withoutImageIDs($0.rawValue) } }
        == inProcess.map { $0.comments.map { withoutImageIDs($0.rawValue) } })
  }

  /// Whether `spec` makes a store start `operation`, run in this process without a trap.
  private func specReaches(_ operation: FeedStoreOperation, _ spec: FeedStoreSpec) async throws
    -> Bool
  {
    let factory = ReachRecordingFeedStoreFactory(operation: operation)
    try await spec.verify(factory)
    return factory.reached.current
  }

  private func withoutImageIDs(_ text: String) -> String {
    text.replacing(
      /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/, with: "UUID")
  }
}

/// The specs the trapping store runs in child processes: every spec of its capabilities in the
/// thorough profile; in the quick one, a child per spec would cost a second, so the delete specs,
/// which reach the trap, and the retrieve specs, which do not.
private func trappingStoreSpecs() -> [FeedStoreSpec] {
  let all = FeedStoreSpec.all(for: TrappingFeedStoreFactory.self)
  guard (try? FeedStoreSpec.profile) != .thorough else { return all }
  return all.filter { $0.id.hasPrefix("delete_") || $0.id.hasPrefix("retrieve_") }
}
