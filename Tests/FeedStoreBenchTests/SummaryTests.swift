import Testing

@testable import FeedStoreBenchmarking

@Suite struct SummaryTests {
  @Test func init_withNoSamples_isAllZero() {
    let summary = Summary(nanoseconds: [])

    #expect(Figures(summary) == Figures(minimum: 0, p50: 0, p90: 0, p99: 0, maximum: 0))
  }

  @Test func init_withOneSample_usesItForEveryFigure() {
    let summary = Summary(nanoseconds: [42])

    #expect(Figures(summary) == Figures(minimum: 42, p50: 42, p90: 42, p99: 42, maximum: 42))
  }

  @Test func init_withOddCount_takesTheMiddleSampleAsMedian() {
    let summary = Summary(nanoseconds: [10, 20, 30, 40, 50])

    #expect(Figures(summary) == Figures(minimum: 10, p50: 30, p90: 50, p99: 50, maximum: 50))
  }

  /// Nearest rank: the median of an even count is the lower middle sample, never an average.
  @Test func init_withEvenCount_takesTheLowerMiddleSampleAsMedian() {
    let summary = Summary(nanoseconds: [10, 20, 30, 40])

    #expect(Figures(summary) == Figures(minimum: 10, p50: 20, p90: 40, p99: 40, maximum: 40))
  }

  @Test func init_withUnsortedSamples_sortsThemFirst() {
    let summary = Summary(nanoseconds: [40, 10, 50, 30, 20])

    #expect(Figures(summary) == Figures(minimum: 10, p50: 30, p90: 50, p99: 50, maximum: 50))
  }

  @Test func init_withTenSamples_takesTheNinthAsP90() {
    let summary = Summary(nanoseconds: Array(1...10))

    #expect(summary.p90 == 9)
    #expect(summary.p99 == 10)
  }

  @Test func init_withFewerThanTenSamples_usesTheMaximumAsP90() {
    let summary = Summary(nanoseconds: Array(1...9))

    #expect(summary.p90 == 9)
  }

  @Test func init_withFewerThanAHundredSamples_usesTheMaximumAsP99() {
    let summary = Summary(nanoseconds: Array(1...99))

    #expect(summary.p99 == 99)
  }

  @Test func init_withAHundredSamples_takesEachPercentileByRank() {
    let summary = Summary(nanoseconds: Array((1...100).reversed()))

    #expect(Figures(summary) == Figures(minimum: 1, p50: 50, p90: 90, p99: 99, maximum: 100))
  }

  @Test func init_keepsRepeatedSamples() {
    let summary = Summary(nanoseconds: [7, 3, 7, 7, 3])

    #expect(Figures(summary) == Figures(minimum: 3, p50: 7, p90: 7, p99: 7, maximum: 7))
  }
}

/// A summary's five figures, which a test can write out: `Summary` only summarizes samples.
private struct Figures: Equatable, CustomStringConvertible {
  let minimum: Int64
  let p50: Int64
  let p90: Int64
  let p99: Int64
  let maximum: Int64

  var description: String {
    "min \(minimum), p50 \(p50), p90 \(p90), p99 \(p99), max \(maximum)"
  }

}

extension Figures {
  init(_ summary: Summary) {
    self.init(
      minimum: summary.minimum, p50: summary.p50, p90: summary.p90, p99: summary.p99,
      maximum: summary.maximum)
  }
}
