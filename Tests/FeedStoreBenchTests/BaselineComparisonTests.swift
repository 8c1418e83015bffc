import Testing

@testable import FeedStoreBenchmarkCore

@Suite(.resamplingByProfile) struct BaselineComparisonTests {
  @Test(arguments: changes)
  func init_flagsOnlyAStoreRowSlowerByMoreThanTheThresholdAndTheNoise(_ input: Change) throws {
    let sut = makeSUT(
      current: [makeRow(input.id, size: 1_000, p50: input.current)],
      baseline: [makeRow(input.id, size: 1_000, p50: input.baseline)])

    let entry = try #require(sut.entries.first)

    #expect(entry.change == input.change)
    #expect(entry.gates == (input.id.kind == .store))
    #expect(entry.regressed == input.regresses)
    #expect(sut.regressions.map(\.id) == (input.regresses ? [input.id] : []))
  }

  /// On a shared machine a row's p50 moves by more than the threshold from one run to the next:
  /// a change that the two runs' own samples could give by chance fails nothing.
  @Test func init_doesNotFailAStoreRowWhoseChangeIsInsideTheNoiseOfTheTwoRuns() throws {
    let sut = makeSUT(
      current: [
        makeRow(
          sqliteInsert, size: 1_000,
          samples: [1_000_000, 1_300_000, 2_000_000, 900_000, 1_250_000])
      ],
      baseline: [
        makeRow(
          sqliteInsert, size: 1_000, samples: [1_000_000, 1_100_000, 800_000, 1_500_000, 950_000])
      ])

    let entry = try #require(sut.entries.first)

    #expect(entry.change == 0.25)
    #expect(entry.ratio.lower < 1.1)
    #expect(entry.currentNoise > 0.1)
    #expect(!entry.regressed)
  }

  @Test func init_reportsARowMissingFromTheBaselineAsNewNotAsARegression() {
    let sut = makeSUT(
      current: [
        makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
        makeRow(.store("JSONFile", .insert), size: 1_000, p50: 9_000_000),
        makeRow(sqliteInsert, size: 10_000, p50: 90_000_000),
      ],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)])

    #expect(sut.newRows == ["JSONFile insert (N=1000)", "SQLite insert (N=10000)"])
    #expect(sut.entries.map(\.id) == [sqliteInsert])
    #expect(sut.regressions.isEmpty)
  }

  @Test func init_ignoresBaselineRowsThisRunDidNotMeasure() {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)],
      baseline: [
        makeRow(sqliteInsert, size: 1_000, p50: 1_000_000),
        makeRow(.store("JSONFile", .insert), size: 1_000, p50: 9_000_000),
      ])

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
      ])

    #expect(sut.entries.map(\.id) == [inMemoryRetrieve, sqliteInsert])
  }

  @Test func init_recordsTheRowItsBothP50sAndTheBaselineItComparedWith() throws {
    let baseline = makeReport(rows: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)])

    let sut = BaselineComparison(
      makeReport(rows: [makeRow(sqliteInsert, size: 1_000, p50: 1_200_000)]), baseline: baseline,
      baselineFile: "saved/run.json", threshold: 0.25)

    let entry = try #require(sut.entries.first)
    #expect([entry.label, "\(entry.size)"] == ["SQLite insert", "1000"])
    #expect([entry.baselineP50, entry.currentP50] == [1_000_000, 1_200_000])
    #expect([sut.baselineFile, sut.baselineStartedAt] == ["saved/run.json", baseline.startedAt])
    #expect(sut.threshold == 0.25)
  }

  @Test func init_comparesTheSustainedInsertsAndTheReadersRetrievesAsStoreRows() {
    let readers = SustainedRow.Readers(readers: 2, inserts: [1], retrieves: [200_000])
    let current = makeReport(
      rows: [],
      sustained: [makeSustainedRow(firstTenth: 200_000, lastTenth: 200_000, readers: readers)])
    let baseline = makeReport(
      rows: [],
      sustained: [makeSustainedRow(firstTenth: 100_000, lastTenth: 100_000, readers: readers)])

    let sut = BaselineComparison(
      current, baseline: baseline, baselineFile: "b.json", threshold: 0.10)

    #expect(
      sut.entries.map(\.label) == ["SQLite sustained insert", "SQLite retrieve while inserting"])
    #expect(sut.entries.map(\.size) == [100, 100])
    #expect(sut.entries.map(\.regressed) == [true, false])
  }

  @Test func verdict_namesEachRegressedStoreRow() {
    let sut = makeSUT(
      current: [makeRow(sqliteInsert, size: 1_000, p50: 2_000_000)],
      baseline: [makeRow(sqliteInsert, size: 1_000, p50: 1_000_000)])

    #expect(
      sut.verdict
        == "1 store row(s) regressed by more than +10.0% beyond the noise against "
        + "baseline.json:\n  SQLite insert (N=1000) +100.0%, 95% interval 2.00x–2.00x")
  }

  // MARK: - Helpers

  /// A row's p50 in the baseline and now, and whether that is a regression at a 10% threshold.
  struct Change: CustomTestStringConvertible, Sendable {
    let name: String
    let id: RowID
    let baseline: Int64
    let current: Int64
    let change: Double
    let regresses: Bool
    var testDescription: String { name }
  }

  static let changes = [
    Change(
      name: "slower past the threshold", id: sqliteInsert, baseline: 1_000_000, current: 1_200_000,
      change: 0.2, regresses: true),
    Change(
      name: "slower within the threshold", id: sqliteInsert, baseline: 1_000_000,
      current: 1_050_000, change: 0.05, regresses: false),
    Change(
      name: "slower by exactly the threshold", id: sqliteInsert, baseline: 1_000_000,
      current: 1_100_000, change: 0.1, regresses: false),
    Change(
      name: "faster", id: sqliteInsert, baseline: 1_000_000, current: 500_000, change: -0.5,
      regresses: false),
    // Sub-microsecond rows move by several times their own p50 from scheduling jitter alone.
    Change(
      name: "slower within the noise floor", id: inMemoryRetrieve, baseline: 1_000, current: 4_000,
      change: 3, regresses: false),
    Change(
      name: "slower just past the noise floor", id: inMemoryRetrieve, baseline: 1_000,
      current: 1_000 + BaselineComparison.noiseNanoseconds + 1, change: 5.001, regresses: true),
    // Floors, baselines and reference backends measure the machine, not the program's stores:
    // they never fail a run.
    Change(
      name: "a floor, slower", id: .writeFloor, baseline: 1_000_000, current: 3_000_000, change: 2,
      regresses: false),
    Change(
      name: "a reference backend, slower", id: .store("SQLite", .insert, kind: .reference),
      baseline: 1_000_000, current: 3_000_000, change: 2, regresses: false),
  ]

  private static let sqliteInsert = RowID.store("SQLite", .insert)
  private static let inMemoryRetrieve = RowID.store("InMemory", .retrieve)
  private let sqliteInsert = Self.sqliteInsert
  private let inMemoryRetrieve = Self.inMemoryRetrieve

  private func makeSUT(current: [ResultRow], baseline: [ResultRow]) -> BaselineComparison {
    BaselineComparison(
      makeReport(rows: current), baseline: makeReport(rows: baseline),
      baselineFile: "baseline.json", threshold: 0.10)
  }
}
