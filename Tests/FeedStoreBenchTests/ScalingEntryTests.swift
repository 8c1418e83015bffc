import Testing

@testable import FeedStoreBenchmarking

@Suite struct ScalingEntryTests {
  @Test func analyze_doesNotFlagLinearGrowth() throws {
    let rows = [
      makeRow(.store("SQLite", .insert), size: 1_000, p50: 1_000_000),
      makeRow(.store("SQLite", .insert), size: 10_000, p50: 10_000_000),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.growth == 1)
    #expect(entry.verdict == .linear)
  }

  @Test func analyze_flagsQuadraticGrowthAsWorseThanLinear() throws {
    let rows = [
      makeRow(.store("JSONFile", .insert), size: 1_000, p50: 1_000_000),
      makeRow(.store("JSONFile", .insert), size: 10_000, p50: 100_000_000),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.growth == 10)
    #expect(entry.verdict == .worseThanLinear)
  }

  @Test func analyze_doesNotFlagGrowthOfExactlyTheLimit() throws {
    let rows = [
      makeRow(.store("SQLite", .retrieve), size: 1_000, p50: 1_000_000),
      makeRow(.store("SQLite", .retrieve), size: 2_000, p50: 3_000_000),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.growth == ScalingEntry.worseThanLinearGrowth)
    #expect(entry.verdict == .linear)
  }

  @Test func analyze_flagsGrowthJustPastTheLimit() throws {
    let rows = [
      makeRow(.store("SQLite", .retrieve), size: 1_000, p50: 1_000_000),
      makeRow(.store("SQLite", .retrieve), size: 2_000, p50: 3_002_000),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.verdict == .worseThanLinear)
  }

  /// A fixed cost (an `fsync`) spread over more images makes each one cheaper.
  @Test func analyze_callsFallingCostPerImageBetterThanLinear() throws {
    let rows = [
      makeRow(.writeFloor, size: 1_000, p50: 10_000_000),
      makeRow(.writeFloor, size: 10_000, p50: 12_000_000),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.verdict == .betterThanLinear)
  }

  @Test func analyze_leavesOutRowsMeasuredAtOneSizeOnly() {
    let rows = [makeRow(.store("SQLite", .insert), size: 1_000, p50: 1_000_000)]

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

    #expect(entries.map(\.id) == [.memcpyFloor, .store("InMemory", .insert)])
    #expect(entries.map(\.label) == ["floor: memcpy", "InMemory insert"])
  }

  @Test func analyze_comparesTheSmallestSizeWithTheLargestWhateverTheRowOrder() throws {
    let rows = [
      makeRow(.store("SQLite", .insert), size: 10_000, p50: 100_000_000),
      makeRow(.store("SQLite", .insert), size: 1_000, p50: 1_000_000),
      makeRow(.store("SQLite", .insert), size: 5_000, p50: 5_000_000),
    ]

    let entry = try #require(ScalingEntry.analyze(rows).first)

    #expect(entry.points.map(\.size) == [1_000, 5_000, 10_000])
    #expect(entry.points.map(\.nanosecondsPerImage) == [1_000, 1_000, 10_000])
    #expect(entry.growth == 10)
  }
}
