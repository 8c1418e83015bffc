import Testing

@testable import FeedStoreBenchmarkCore

@Suite(.resamplingByProfile) struct ScalingEntryTests {
  @Test(arguments: growths)
  func analyze_judgesTheGrowthOfCostPerImage(_ input: Growth) throws {
    let rows = [
      makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
      makeRow(sqliteInsert, size: input.largerSize, p50: input.largerP50),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.growth.ratio == input.growth)
    #expect(entry.verdict == input.verdict)
  }

  @Test func analyze_leavesOutRowsMeasuredAtOneSizeOnly() {
    let rows = [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)]

    let entries = ScalingEntry.analyze(rows)

    #expect(entries.isEmpty)
  }

  @Test func analyze_keepsTheOrderInWhichRowsFirstAppear() {
    let rows = [
      makeRow(.memcpyFloor, size: 1_000, p50: 1_000),
      makeRow(.store("InMemory", .insert), size: 1_000, p50: 50_000),
      makeRow(.memcpyFloor, size: 10_000, p50: 10_000),
      makeRow(.store("InMemory", .insert), size: 10_000, p50: 500_000),
    ]

    let entries = ScalingEntry.analyze(rows)

    #expect(entries.map(\.label) == ["floor: memcpy", "InMemory insert"])
  }

  @Test func analyze_comparesTheSmallestSizeWithTheLargestWhateverTheRowOrder() throws {
    let rows = [
      makeRow(sqliteInsert, size: 10_000, p50: 100_000_000),
      makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
      makeRow(sqliteInsert, size: 5_000, p50: 5_000_000),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.points.map(\.size) == [1_000, 5_000, 10_000])
    #expect(entry.points.map(\.nanosecondsPerImage) == [1_000, 1_000, 10_000])
    #expect(entry.growth.ratio == 10)
  }

  // MARK: - Helpers

  /// A row's p50 at a larger size than 1,000 images, where it took 1 ms.
  struct Growth: CustomTestStringConvertible, Sendable {
    let name: String
    let largerSize: Int
    let largerP50: Int64
    let growth: Double
    let verdict: ScalingEntry.Verdict
    var testDescription: String { name }
  }

  static let growths = [
    Growth(
      name: "linear", largerSize: 10_000, largerP50: 10_000_000, growth: 1, verdict: .linear),
    Growth(
      name: "quadratic", largerSize: 10_000, largerP50: 100_000_000, growth: 10,
      verdict: .worseThanLinear),
    Growth(
      name: "exactly the limit", largerSize: 2_000, largerP50: 3_000_000,
      growth: ScalingEntry.worseThanLinearGrowth, verdict: .linear),
    Growth(
      name: "just past the limit", largerSize: 2_000, largerP50: 3_002_000, growth: 1.501,
      verdict: .worseThanLinear),
    // A fixed cost (an `fsync`) spread over more images makes each one cheaper.
    Growth(
      name: "falling", largerSize: 10_000, largerP50: 1_200_000, growth: 0.12,
      verdict: .betterThanLinear),
  ]

  private let sqliteInsert = RowID.store("SQLite", .insert)
}
