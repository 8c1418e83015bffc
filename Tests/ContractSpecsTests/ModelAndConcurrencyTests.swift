import ContractSpecs
import Foundation
import SharedSupport
import Testing

/// Proves the engine's model checks: random sequences and their shrinking on the counter
/// contract, and the linearizability check on the append log.
@Suite(.specProfile(.quick)) struct ModelAndConcurrencyTests {
  @Test func sequences_passOnACounterThatKeepsTheContract() async throws {
    let sut = CounterModel(factory: TestCounterFactory())

    let issues = try await collectIssues { try await sut.checkSequences(count: 20) }

    #expect(issues.isEmpty)
  }

  @Test(.failureDirectory(nil))
  func sequences_reportTheShortestSimplestSequenceThatFails() async throws {
    let sut = CounterModel(factory: TestCounterFactory(flaw: .addsTwice))

    let issues = try await collectIssues { try await sut.checkSequences(count: 20) }

    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        """
        The model-based check found operations that break the Counter contract. Seed 0, \
        sequence 1 (replay with seed 0); 3 steps, shrunk to 2 that fail on a new counter:
          try await model.replay([
            .perform(.add(1), on: 1),
            .perform(.value, on: 1),  // ✗ expected 1, but it delivered 2
          ])
        """
      ])
  }

  @Test func replay_recordsTheFirstStepThatBreaksTheContractAtTheCaller() async throws {
    let sut = CounterModel(factory: TestCounterFactory(flaw: .addsTwice))
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await sut.replay(
        [.perform(.value, on: 1), .perform(.add(2), on: 1), .perform(.value, on: 1)],
        sourceLocation: caller)
    }

    #expect(issues.map(\.sourceLocation) == [caller])
    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "Expected step 3 of the replayed Counter sequence, .perform(.value, on: 1), to keep the "
          + "contract, but it did not: expected 2, but it delivered 4"
      ])
  }

  @Test func sequences_runWhatFailedBeforeFirst_untilItPasses() async throws {
    try await withTemporaryDirectory { directory in
      try await SpecTrait.failureDirectory(directory).provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        let spec = try #require(CounterSpec.named("model_randomOperationsMatchTheContract"))
        let broken = TestCounterFactory(flaw: .addsTwice)

        let first = try await collectIssues { try await spec.verify(broken) }
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path())
        let again = try await collectIssues { try await spec.verify(broken) }
        let fixed = try await collectIssues { try await spec.verify(TestCounterFactory()) }
        let afterFix = try FileManager.default.contentsOfDirectory(atPath: directory.path())

        #expect(first.count == 1)
        #expect(kept.count == 1)
        #expect(
          again.first?.comments.first?.rawValue.hasPrefix(
            "The model-based check found operations that break the Counter contract again, as "
              + "it kept them from an earlier run (seed ") == true)
        #expect(fixed.isEmpty)
        #expect(afterFix.isEmpty)
      }
    }
  }

  @Test(arguments: LogCase.correct)
  func linearizability_passesOnACorrectLog(_ log: LogCase) async throws {
    let sut = AppendLogModel(makeLog: log.make)

    let issues = try await collectIssues {
      try await sut.checkLinearizability(tasks: 3, operationsPerTask: 4, rounds: 20)
    }

    #expect(issues.isEmpty)
  }

  @Test(.failureDirectory(nil), arguments: LogCase.broken)
  func linearizability_catchesABrokenLog(_ log: LogCase) async throws {
    let sut = AppendLogModel(makeLog: log.make)

    let issues = try await collectIssues {
      try await sut.checkLinearizability(tasks: 3, operationsPerTask: 4, rounds: 20)
    }

    let message = try #require(issues.first?.comments.first?.rawValue)
    #expect(issues.count == 1)
    #expect(
      message.hasPrefix(
        "Expected the calls of 2 concurrent tasks to take effect in some order that keeps when "
          + "each began and returned, as the AppendLog contract allows, but no order does (seed "))
    #expect(message.contains("\n  task 1: log 1: ."))
  }

  @Test func exactDifference_namesThePathToTheFirstDifferentPart() {
    struct Image {
      let id: Int
      let caption: String
    }
    let expected = [Image(id: 1, caption: "é"), Image(id: 2, caption: "a")]
    let actual = [Image(id: 1, caption: "e\u{301}"), Image(id: 2, caption: "a")]

    let difference = Exact.difference(between: expected, and: actual)

    #expect(
      difference == "[0].caption: \"é\" became \"é\", first differing at scalar 0 (U+00E9 "
        + "became U+0065)")
  }

  @Test(.operationTimeLimit(.milliseconds(300)))
  func specThatWaitsForNothing_failsForMakingNoProgress() async throws {
    let spec = try #require(CounterSpec.named("idle_sleepsWithoutAnOperation"))

    let issues = try await collectIssues { try await spec.verify(IdleCounterFactory()) }

    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "Expected idle_sleepsWithoutAnOperation to make progress, but nothing it waits for "
          + "started or ended for 300 ms (the limit .operationTimeLimit sets)"
      ])
  }
}

/// A log the linearizability check runs on, as a named test case.
struct LogCase: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let make: @Sendable () -> any AppendLog

  static let correct = [
    LogCase(testDescription: "a log that waits for a second append") { TestAppendLog() },
    LogCase(testDescription: "an actor") { ActorAppendLog() },
  ]

  static let broken = [
    LogCase(testDescription: "loses one of two concurrent appends") {
      TestAppendLog(flaw: .losesConcurrentAppends)
    },
    LogCase(testDescription: "interleaves two concurrent batches") {
      TestAppendLog(flaw: .interleavesConcurrentBatches)
    },
    LogCase(testDescription: "reads a value no append wrote") {
      TestAppendLog(flaw: .readsAValueNoAppendWrote)
    },
  ]
}

private struct IdleCounterFactory: IdlingCounterFactory {
  func makeCounter() -> any Counter { TestCounter(flaw: nil) }
}
