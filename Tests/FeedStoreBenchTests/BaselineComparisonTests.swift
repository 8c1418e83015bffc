import Testing

@testable import FeedStoreBenchmarking

@Suite struct BaselineComparisonTests {
  @Test func init_flagsAStoreRowSlowerThanTheThresholdAsARegression() throws {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 1_200_000)],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(entry.regressed)
    #expect(entry.change == 0.2)
    #expect(sut.regressions.map(\.id) == [sqliteInsert])
  }

  @Test func init_doesNotFlagAStoreRowSlowerWithinTheThreshold() throws {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 1_050_000)],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(!entry.regressed)
    #expect(sut.regressions.isEmpty)
  }

  @Test func init_doesNotFlagAStoreRowSlowerByExactlyTheThreshold() throws {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 1_100_000)],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(!entry.regressed)
  }

  @Test func init_doesNotFlagAFasterStoreRow() throws {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 500_000)],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(entry.change == -0.5)
    #expect(!entry.regressed)
  }

  /// Sub-microsecond rows move by several times their own p50 from scheduling jitter alone.
  @Test func init_doesNotFlagASlowDownWithinTheNoiseFloor() throws {
    let sut = makeSUT(
      current: [makeRow(inMemoryRetrieve, size: 1_000, p50: 4_000)],
      baseline: [makeRow(inMemoryRetrieve, size: 1_000, p50: 1_000)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(entry.change == 3)
    #expect(!entry.regressed)
  }

  @Test func init_flagsASlowDownJustPastTheNoiseFloor() throws {
    let baselineP50: Int64 = 1_000
    let sut = makeSUT(
      current: [
        makeRow(
          inMemoryRetrieve, size: 1_000,
          p50: baselineP50 + BaselineComparison.noiseNanoseconds + 1)
      ],
      baseline: [makeRow(inMemoryRetrieve, size: 1_000, p50: baselineP50)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(entry.regressed)
  }

  /// Floors and baselines measure the machine, not the stores: they never fail a run.
  @Test func init_doesNotLetANonStoreRowRegress() throws {
    let sut = makeSUT(
      current: [makeRow(.writeFloor, size: 1_000, p50: 3_000_000)],
      baseline: [makeRow(.writeFloor, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(!entry.gates)
    #expect(!entry.regressed)
    #expect(sut.regressions.isEmpty)
  }

  @Test func init_reportsARowMissingFromTheBaselineAsNewNotAsARegression() {
    let sut = makeSUT(
      current: [
        makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
        makeRow(.store("JSONFile", .insert), size: 1_000, p50: 9_000_000),
      ],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    #expect(sut.newRows == ["JSONFile insert (N=1000)"])
    #expect(sut.entries.map(\.id) == [sqliteInsert])
    #expect(sut.regressions.isEmpty)
  }

  @Test func init_reportsARowSavedAtAnotherSizeOnlyAsNew() {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 10_000, p50: 90_000_000)],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    #expect(sut.newRows == ["SQLite insert (N=10000)"])
    #expect(sut.entries.isEmpty)
  }

  @Test func init_ignoresBaselineRowsThisRunDidNotMeasure() {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      baseline: [
        makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
        makeRow(.store("JSONFile", .insert), size: 1_000, p50: 9_000_000),
      ],
      threshold: 0.10)

    #expect(sut.entries.map(\.id) == [sqliteInsert])
    #expect(sut.newRows.isEmpty)
  }

  @Test func init_keepsTheOrderOfThisRun() {
    let sut = makeSUT(
      current: [
        makeRow(inMemoryRetrieve, size: 1_000, p50: 1_000),
        makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
      ],
      baseline: [
        makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
        makeRow(inMemoryRetrieve, size: 1_000, p50: 1_000),
      ],
      threshold: 0.10)

    #expect(sut.entries.map(\.id) == [inMemoryRetrieve, sqliteInsert])
  }

  @Test func init_recordsBothP50sOfAnEntry() throws {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 1_200_000)],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      threshold: 0.10)

    let entry = try #require(sut.entries.first)

    #expect(entry.baselineP50 == 1_000_000)
    #expect(entry.currentP50 == 1_200_000)
    #expect(entry.size == 1_000)
    #expect(entry.label == "SQLite insert")
  }

  @Test func init_recordsTheBaselineItComparedWith() {
    let baseline = makeReport(rows: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)])

    let sut = BaselineComparison(
      baseline, baseline: baseline, baselineFile: "saved/run.json", threshold: 0.25)

    #expect(sut.baselineFile == "saved/run.json")
    #expect(sut.baselineStartedAt == baseline.startedAt)
    #expect(sut.threshold == 0.25)
  }

  @Test func init_comparesTheSustainedModesInsertsAsAStoreRow() throws {
    let current = makeReport(
      rows: [], sustained: [makeSustainedRow(firstTenth: 200_000, lastTenth: 200_000)])
    let baseline = makeReport(
      rows: [], sustained: [makeSustainedRow(firstTenth: 100_000, lastTenth: 100_000)])

    let sut = BaselineComparison(
      current, baseline: baseline, baselineFile: "baseline.json", threshold: 0.10)

    let entry = try #require(sut.entries.first)
    #expect(entry.label == "SQLite sustained insert")
    #expect(entry.size == 100)
    #expect(entry.regressed)
  }

  // MARK: - Helpers

  private let sqliteInsert = RowID.store("SQLite", .insert)
  private let inMemoryRetrieve = RowID.store("InMemory", .retrieve)

  private func makeSUT(current: [ResultRow], baseline: [ResultRow], threshold: Double)
    -> BaselineComparison
  {
    BaselineComparison(
      makeReport(rows: current), baseline: makeReport(rows: baseline),
      baselineFile: "baseline.json", threshold: threshold)
  }
}
