import Testing

@testable import FeedStoreBenchmarkCore

/// The statistics behind every verdict, on constructed samples: nothing here is timed.
@Suite(.resamplingByProfile) struct RatioIntervalTests {
  @Test func paired_ofSamplesThatNeverVary_isTheRatioWithNoWidth() throws {
    let sut = try #require(RatioInterval.paired([110, 110, 110], over: [100, 100, 100]))

    #expect([sut.ratio, sut.lower, sut.upper] == [1.1, 1.1, 1.1])
    #expect(sut.samples == 3)
  }

  /// Load that changes from round to round slows both sides of a round alike: resampled by
  /// rounds, it cancels out; resampled apart, it widens the interval.
  @Test func paired_cancelsTheLoadTwoSamplesOfARoundShare() throws {
    let load: [Int64] = [100, 180, 120, 300, 90, 150, 250, 110, 200, 130]
    let other = load.map { $0 * 1_000 }
    let this = load.map { $0 * 1_100 }

    let paired = try #require(RatioInterval.paired(this, over: other))
    let independent = try #require(RatioInterval.independent(this, over: other))

    #expect([paired.lower, paired.upper] == [1.1, 1.1])
    #expect(independent.lower < 1 && independent.upper > 1.2)
  }

  @Test func paired_ofSeriesOfDifferentLengths_isNone() {
    #expect(RatioInterval.paired([1, 2], over: [1]) == nil)
    #expect(RatioInterval.paired([], over: []) == nil)
  }

  @Test func independent_ofNoSample_isNone() {
    #expect(RatioInterval.independent([], over: [1]) == nil)
  }

  /// The seed is fixed: the same samples give the same interval, run after run.
  @Test func independent_givesTheSameIntervalForTheSameSamples() throws {
    let this: [Int64] = [12, 15, 11, 19, 14, 13, 22, 16]
    let other: [Int64] = [10, 14, 12, 11, 13, 18, 12, 11]

    let first = try #require(RatioInterval.independent(this, over: other))
    let second = try #require(RatioInterval.independent(this, over: other))

    #expect(first == second)
    #expect(first.lower <= first.ratio && first.ratio <= first.upper)
  }

  /// The ratio of medians is the ratio of the p50s a report prints: nearest rank, the lower
  /// middle of an even count.
  @Test func ratio_isTheRatioOfTheP50sByNearestRank() throws {
    let this: [Int64] = [40, 10, 30, 20]
    let other: [Int64] = [10, 10, 10, 10]

    let sut = try #require(RatioInterval.independent(this, over: other))

    #expect(sut.ratio == 2)
    #expect(Summary(nanoseconds: this).p50 == 20)
  }

  @Test(arguments: verdicts)
  func verdict_decidesOnlyWhenTheWholeIntervalIsOnOneSideOfTheThreshold(_ input: Verdict) {
    let sut = RatioInterval(ratio: input.ratio, lower: input.lower, upper: input.upper, samples: 20)

    #expect(sut.verdict(threshold: 0.05) == input.verdict)
  }

  @Test func median_isTheLowerMiddleOfTheSamplesAtTheIndicesGiven() {
    let series = Bootstrap.Series([40, 10, 30, 20, 50] as [Int64])

    #expect(series.median(at: [0, 1, 2, 3]) == 20)
    #expect(series.median(at: [0, 0, 0, 1]) == 40)
    #expect(series.median(at: [1, 2], offset: 2) == 20)
  }

  @Test func bootstrapInterval_holdsTheCentralShareOfTheResampledValues() {
    let samples = Bootstrap.Series(Array(1...99) as [Int64])

    let interval = Bootstrap.interval(strata: [samples.count]) { samples.median(at: $0[0]) }

    #expect(interval.estimate == 50)
    #expect(interval.lower >= 35 && interval.lower < 50)
    #expect(interval.upper > 50 && interval.upper <= 65)
  }

  // MARK: - Cases

  /// An interval of a ratio and what it says at a 5% threshold.
  struct Verdict: CustomTestStringConvertible, Sendable {
    let name: String
    let ratio: Double
    let lower: Double
    let upper: Double
    let verdict: ChangeVerdict
    var testDescription: String { name }
  }

  static let verdicts = [
    Verdict(name: "wholly above", ratio: 1.1, lower: 1.06, upper: 1.14, verdict: .regressed),
    Verdict(name: "wholly below", ratio: 0.9, lower: 0.86, upper: 0.94, verdict: .improved),
    Verdict(name: "wholly within", ratio: 1.0, lower: 0.96, upper: 1.04, verdict: .unchanged),
    Verdict(name: "on the limits", ratio: 1.0, lower: 0.95, upper: 1.05, verdict: .unchanged),
    Verdict(
      name: "across the upper limit", ratio: 1.04, lower: 1.0, upper: 1.08,
      verdict: .regressedOrNot),
    Verdict(
      name: "across the lower limit only", ratio: 0.96, lower: 0.92, upper: 1.0,
      verdict: .improvedOrNot),
    Verdict(
      name: "across both limits", ratio: 1.0, lower: 0.9, upper: 1.1, verdict: .regressedOrNot),
  ]
}
