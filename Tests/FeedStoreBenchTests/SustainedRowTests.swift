import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct SustainedRowTests {
  @Test(arguments: drifts)
  func init_flagsLatencyThatDriftsPastTheLimitAndTheNoise(_ input: Drift) {
    let row = makeSustainedRow(firstTenth: input.first, lastTenth: input.last)

    #expect(row.drift == input.drift)
    #expect(row.flags == (input.flagged ? [.drifts] : []))
  }

  @Test func init_flagsStorageThatKeepsGrowing() {
    let row = makeSustainedRow(
      firstTenth: 100_000, lastTenth: 100_000, storage: (first: 4 << 20, last: 8 << 20))

    #expect(row.storageGrowth == 2)
    #expect(row.flags == [.storageGrows])
  }

  @Test func init_doesNotFlagStorageThatGrowsByLessThanAMebibyte() {
    let row = makeSustainedRow(
      firstTenth: 100_000, lastTenth: 100_000, storage: (first: 100_000, last: 400_000))

    #expect(row.flags.isEmpty)
  }

  @Test func init_reportsStorageAtTheEndAndAtItsPeak() {
    let row = makeSustainedRow(
      firstTenth: 100_000, lastTenth: 100_000, storage: (first: 5_000, last: 2_000))

    #expect([row.storageEndBytes, row.storagePeakBytes] == [2_000, 5_000])
  }

  @Test func init_countsFeedsPerSecondOfTimeSpentInserting() {
    let row = makeSustainedRow(firstTenth: 1_000_000, lastTenth: 1_000_000)

    #expect(row.feedsPerSecond == 1_000)
  }

  @Test func readerPhaseInserts_isAFifthOfTheInsertsAndAtLeastOne() {
    let counts = [
      SustainedConfiguration(inserts: 5_000, retrieveEvery: 100, readers: 2),
      SustainedConfiguration(inserts: 3, retrieveEvery: 1, readers: 1),
      SustainedConfiguration(inserts: 5_000, retrieveEvery: 100, readers: 0),
    ]

    let phases = counts.map(\.readerPhaseInserts)

    #expect(phases == [1_000, 1, 0])
  }

  /// The first and last tenths' per-insert time, and their drift.
  struct Drift: CustomTestStringConvertible, Sendable {
    let name: String
    let first: Int64
    let last: Int64
    let drift: Double
    let flagged: Bool
    var testDescription: String { name }
  }

  static let drifts = [
    Drift(name: "at the limit", first: 100_000, last: 150_000, drift: 1.5, flagged: false),
    Drift(name: "past the limit", first: 100_000, last: 151_000, drift: 1.51, flagged: true),
    // A sub-microsecond insert moves by more than 1.5x from scheduling jitter alone.
    Drift(name: "within the noise floor", first: 1_000, last: 4_000, drift: 4, flagged: false),
  ]
}
