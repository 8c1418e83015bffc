import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct SummaryTests {
  /// Nearest rank: every figure is a sample, never an average.
  @Test(arguments: cases)
  func init_takesEachFigureByNearestRank(_ input: Case) {
    let summary = Summary(nanoseconds: input.samples)

    let figures = Summary.Statistic.allCases.map { $0.of(summary) }

    #expect(figures == input.figures)
  }

  /// Samples, and their min, p50, p90, p99 and max.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let samples: [Int64]
    let figures: [Int64]
    var testDescription: String { name }
  }

  static let cases = [
    Case(name: "no samples: all zero", samples: [], figures: [0, 0, 0, 0, 0]),
    Case(name: "one sample: it everywhere", samples: [42], figures: [42, 42, 42, 42, 42]),
    Case(
      name: "odd count: the middle as median", samples: [10, 20, 30, 40, 50],
      figures: [10, 30, 50, 50, 50]),
    Case(
      name: "even count: the lower middle as median", samples: [10, 20, 30, 40],
      figures: [10, 20, 40, 40, 40]),
    Case(
      name: "unsorted: sorted first", samples: [40, 10, 50, 30, 20], figures: [10, 30, 50, 50, 50]),
    Case(name: "ten: the ninth as p90", samples: Array(1...10), figures: [1, 5, 9, 10, 10]),
    Case(name: "fewer than ten: the max as p90", samples: Array(1...9), figures: [1, 5, 9, 9, 9]),
    Case(
      name: "fewer than 100: the max as p99", samples: Array(1...99), figures: [1, 50, 90, 99, 99]),
    Case(
      name: "a hundred: each by rank", samples: Array((1...100).reversed()),
      figures: [1, 50, 90, 99, 100]),
    Case(name: "repeated samples kept", samples: [7, 3, 7, 7, 3], figures: [3, 7, 7, 7, 7]),
  ]
}
