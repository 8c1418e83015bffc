import Foundation
import SharedSupport
import Testing

@testable import FeedStoreBenchmarkCore

/// The comparison of two builds, driven end to end against stand-in workers: shell scripts that
/// greet as a worker does and answer each request with samples the test chose, so every verdict
/// rests on constructed numbers, never on a timing.
@Suite struct ComparisonRunnerTests {
  @Test func run_ofTwoBuildsThatTakeTheSameTime_findsEveryRowUnchangedAndSucceeds() async throws {
    let comparison = try await withTemporaryDirectory { directory in
      try await makeSUT(
        this: try workerScript(insert: [1_000_000], retrieve: [500_000], in: directory),
        other: try workerScript(insert: [1_000_000], retrieve: [500_000], in: directory)
      ).run()
    }

    #expect(comparison.entries.map(\.verdict) == [.unchanged, .unchanged])
    #expect(comparison.exitCode == .success)
    #expect(comparison.entries.map(\.ratio.samples) == [12, 12])
  }

  @Test func run_ofABuildWhoseInsertIsSlower_namesThatRowAndFailsWithARegression() async throws {
    let comparison = try await withTemporaryDirectory { directory in
      try await makeSUT(
        this: try workerScript(insert: [1_200_000], retrieve: [500_000], in: directory),
        other: try workerScript(insert: [1_000_000], retrieve: [500_000], in: directory)
      ).run()
    }

    #expect(comparison.exitCode == .regression)
    #expect(comparison.regressions.map(\.label) == ["ArrayFeedStore insert"])
    #expect(
      comparison.verdict
        == "1 store row(s) regressed by more than 5.0% against other-build:\n"
        + "  ArrayFeedStore insert (N=10) 1.20x, 95% interval 1.20x–1.20x")
  }

  /// More batches would tell whether a ratio whose interval reaches across the threshold is
  /// past it.
  @Test func run_ofSamplesThatCannotDecide_saysSoAndHowManyMoreSamplesWould() async throws {
    let comparison = try await withTemporaryDirectory { directory in
      try await makeSUT(
        this: try workerScript(insert: Self.undecidable, retrieve: [500_000], in: directory),
        other: try workerScript(insert: [1_000_000], retrieve: [500_000], in: directory)
      ).run()
    }

    let insert = try #require(comparison.entries.first)
    #expect(insert.verdict == .regressedOrNot)
    #expect(comparison.exitCode == .undecided)
    #expect(insert.samplesToDecide != nil)
    #expect(comparison.verdict.hasPrefix("could not decide whether 1 store row(s) regressed"))
  }

  /// Rows that have not been decided get more batches; decided ones stop.
  @Test func run_addsBatchesOnlyToRowsNotYetDecided() async throws {
    let comparison = try await withTemporaryDirectory { directory in
      try await makeSUT(
        this: try workerScript(insert: Self.undecidable, retrieve: [500_000], in: directory),
        other: try workerScript(insert: [1_000_000], retrieve: [500_000], in: directory),
        maxIterations: 18
      ).run()
    }

    #expect(comparison.entries.map(\.ratio.samples) == [18, 12])
  }

  /// The first worker of this build is half again as slow for its whole life; every batch starts
  /// new workers, so it spoils one batch of two and the verdict stays open.
  @Test func run_withOneSlowWorker_startsNewWorkersAndDoesNotCallItARegression() async throws {
    let comparison = try await withTemporaryDirectory { directory in
      try await makeSUT(
        this: try workerScript(
          insert: [1_500_000, 1_000_000], retrieve: [500_000], in: directory),
        other: try workerScript(insert: [1_000_000], retrieve: [500_000], in: directory)
      ).run()
    }

    let insert = try #require(comparison.entries.first)
    #expect(insert.thisSamplesNanoseconds[5...6] == [1_500_000, 1_000_000])
    #expect(insert.verdict == .regressedOrNot)
  }

  /// The other build's two workers of each batch differ by 10%: its control would not pass.
  @Test func run_onAMachineTooNoisyForTheControl_refusesToDecide() async throws {
    let comparison = try await withTemporaryDirectory { directory in
      try await makeSUT(
        this: try workerScript(insert: [1_300_000], retrieve: [500_000], in: directory),
        other: try workerScript(
          insert: [1_000_000, 1_100_000, 1_100_000, 1_000_000], retrieve: [500_000],
          in: directory)
      ).run()
    }

    let insert = try #require(comparison.entries.first)
    #expect(!insert.controlPasses)
    #expect(comparison.exitCode == .undecided)
  }

  /// A benchmark program built before `--compare` knows no worker argument: it exits with 2.
  @Test func run_againstAProgramOlderThanTheComparison_refusesItNamingTheReason() async throws {
    let error = try await withTemporaryDirectory { directory in
      let old = try shellScript(
        "echo \"old-bench: error: unexpected argument '__compare-worker'\" >&2\nexit 2",
        in: directory)
      let sut = makeSUT(
        this: try workerScript(insert: [1], retrieve: [1], in: directory), other: old)
      return await #expect(throws: ArgumentError.self) { try await sut.run() }
    }

    #expect(
      error?.description
        == "--compare: other-build is not a benchmark program that can be compared: it exited "
        + "with status 2 before greeting, so it is no FeedStoreBenchmark program, or one older "
        + "than --compare; build it from a revision that has --compare; it said: old-bench: "
        + "error: unexpected argument '__compare-worker'")
  }

  @Test func run_againstAWorkerOfAnotherVersion_refusesIt() async throws {
    let error = try await withTemporaryDirectory { directory in
      let newer = try workerScript(insert: [1], retrieve: [1], in: directory, version: 2)
      let sut = makeSUT(
        this: try workerScript(insert: [1], retrieve: [1], in: directory), other: newer)
      return await #expect(throws: ArgumentError.self) { try await sut.run() }
    }

    #expect(error?.description.hasPrefix("--compare: other-build speaks version 2") == true)
  }

  @Test func run_ofAWorkerThatFails_throwsItsMessage() async throws {
    let error = try await withTemporaryDirectory { directory in
      let failing = try shellScript(
        "printf '%s\\n' '\(try workerGreeting(version: WorkerMessage.version))'\n"
          + "read line\nprintf '%s\\n' '{\"error\":\"ArrayFeedStore insert failed: disk full\"}'",
        in: directory)
      let sut = makeSUT(
        this: try workerScript(insert: [1], retrieve: [1], in: directory), other: failing)
      return await #expect(throws: BenchmarkError.self) { try await sut.run() }
    }

    #expect(error?.description == "other-build: ArrayFeedStore insert failed: disk full")
  }

  // MARK: - Helpers

  /// This build's workers, one after the other, against the other's 1 ms: 1.00x to 1.10x.
  static let undecidable: [Int64] = [1_000_000, 1_100_000, 1_080_000, 1_020_000, 1_060_000]

  /// A comparison of twelve rounds (two batches of six), up to `maxIterations`, of an adopter's
  /// store at 10 images.
  private func makeSUT(this: URL, other: URL, maxIterations: Int = 12) -> ComparisonRunner {
    ComparisonRunner(
      program: storeOnlyBench,
      configuration: RunConfiguration(
        sizes: [10], stores: ["ArrayFeedStore"], references: [], iterations: 12, warmup: 0),
      maxIterations: maxIterations, threshold: 0.05, thisExecutable: this, otherExecutable: other,
      otherName: "other-build")
  }
}
