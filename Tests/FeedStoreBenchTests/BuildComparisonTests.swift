import Foundation
import SharedSupport
import Testing

@testable import FeedStoreBenchmarkCore

/// The statistics of a comparison of two builds, on constructed samples with known answers.
///
/// What a few batches can say, what a slow worker and a noisy machine cannot, and how rare a
/// wrong verdict stays over every look. Nothing here is timed.
@Suite struct BuildComparisonTests {
  /// Two batches that both read 1.09x and 1.11x leave a t interval with one degree of freedom:
  /// far too wide to call a 10% change, however alike they look.
  @Test func entry_ofTwoBatches_cannotDecideEvenWhenBothReadSlower() throws {
    let sut = try makeSUT(this: [1_090_000, 1_110_000], other: [1_000_000, 1_000_000])

    #expect(sut.verdict == .regressedOrNot)
    #expect(sut.ratio.lower < 1 && sut.ratio.upper > 1.2)
  }

  /// The same two readings, four times over: eight batches decide.
  @Test func entry_ofEightBatchesOfTheSameSpread_findsTheRegression() throws {
    let sut = try makeSUT(
      this: Array(repeating: [1_090_000, 1_110_000], count: 4).flatMap { $0 },
      other: Array(repeating: 1_000_000, count: 8))

    #expect(sut.verdict == .regressed)
    #expect(sut.ratio.lower > 1.05)
  }

  /// One of this build's seven workers was half again as slow for its whole life, as a process
  /// can be (its heap, its caches); the six others took the other build's time.
  @Test func entry_withOneSlowWorker_neverCallsItARegression() throws {
    var this = Array(repeating: Int64(1_000_000), count: 7)
    this[3] = 1_500_000

    let sut = try makeSUT(
      this: this, other: [1_000_000, 1_010_000, 990_000, 1_000_000, 1_005_000, 995_000, 1_000_000])

    #expect(sut.verdict == .regressedOrNot)
    #expect(sut.ratio.lower < 1)
  }

  /// This build reads 1.12x in every batch, but the other build's two workers differ from each
  /// other by 10% either way from batch to batch: the control would not pass, so nothing is
  /// decided, and the advice says why.
  @Test func entry_whoseControlWouldNotPass_refusesToDecide() throws {
    let other = Array(repeating: [1_000_000, 1_100_000] as [Int64], count: 4).flatMap { $0 }
    let control = Array(repeating: [1_100_000, 1_000_000] as [Int64], count: 4).flatMap { $0 }
    let slower = other.indices.map {
      Int64(1.12 * (Double(other[$0]) * Double(control[$0])).squareRoot())
    }

    let sut = try makeSUT(this: slower, other: other, control: control)

    #expect(sut.ratio.lower > 1.1)
    #expect(!sut.controlPasses)
    #expect(sut.verdict == .regressedOrNot)
    #expect(
      BuildComparison.samplesAdvice(sut)
        == "the other build against itself reads 1.00x, 95% interval 0.929x–1.08x, beyond the "
        + "threshold: the machine is too noisy to decide; about 48 more samples per build would "
        + "decide it (--max-iterations 96)")
  }

  /// Builds whose batches differ only by noise, judged at every look of a plan of seven: at a
  /// threshold of 0, the worst case, the share of comparisons that any look calls regressed stays
  /// within the 2.5% a 95% interval leaves above, while judging each look at 95% alone exceeds it.
  @Test func plan_keepsWrongVerdictsWithinTheirShareOverEveryLook() {
    let plan = SequentialPlan(iterations: 12, maxIterations: 120)
    let batches = plan.looks.map { $0 / SequentialPlan.batchRounds }
    let comparisons =
      ProcessInfo.processInfo.environment["FEEDSTORE_SPEC_PROFILE"] == "thorough"
      ? 4_000 : 200
    var generator = SeededGenerator(seed: 38)

    var (corrected, uncorrected) = (0, 0)
    for _ in 0..<comparisons {
      let noise = (0..<plan.maxRounds / SequentialPlan.batchRounds).map { _ in generator.normal() }
      let looks = batches.compactMap { BatchMean(Array(noise.prefix($0))) }
      corrected +=
        looks.contains { $0.ratioInterval(tail: plan.tail, samples: 0).lower > 1 } ? 1 : 0
      uncorrected += looks.contains { $0.ratioInterval(tail: 0.025, samples: 0).lower > 1 } ? 1 : 0
    }

    #expect(plan.looks.count == 7)
    #expect(Double(corrected) / Double(comparisons) <= 0.025)
    #expect(Double(uncorrected) / Double(comparisons) > 0.05)
  }

  // MARK: - Helpers

  /// The entry of an insert row whose batches had these fastest samples, each batch's other two
  /// rounds slowed by load; the control takes the other build's time unless given.
  private func makeSUT(
    this: [Int64], other: [Int64], control: [Int64]? = nil
  ) throws -> BuildComparison.Entry {
    func rounds(_ fastest: [Int64]) -> [Int64] {
      fastest.flatMap { batch in
        (0..<SequentialPlan.batchRounds).map { batch * ($0 == 1 ? 2 : 4 + Int64($0)) / 2 }
      }
    }
    let count = this.count * SequentialPlan.batchRounds
    return try #require(
      BuildComparison.Entry(
        .store("ArrayFeedStore", .insert), size: 10, this: rounds(this), other: rounds(other),
        control: rounds(control ?? other), threshold: 0.05,
        plan: SequentialPlan(iterations: count, maxIterations: count)))
  }
}

extension SeededGenerator {
  /// A standard normal value (Box–Muller).
  fileprivate mutating func normal() -> Double {
    let (u, v) = (max(fraction(), .leastNonzeroMagnitude), fraction())
    return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
  }
}
