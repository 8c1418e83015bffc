import Testing

@testable import FeedStoreBenchmarking

@Suite struct SustainedRowTests {
  @Test func init_measuresDriftAsTheLastTenthsP50OverTheFirstTenths() {
    let row = makeSustainedRow(firstTenth: 100_000, lastTenth: 150_000)

    #expect(row.drift == 1.5)
    #expect(row.flags.isEmpty)
  }

  @Test func init_flagsLatencyThatDriftsPastTheLimit() {
    let row = makeSustainedRow(firstTenth: 100_000, lastTenth: 151_000)

    #expect(row.flags == [.drifts])
  }

  /// A sub-microsecond insert moves by more than 1.5x from scheduling jitter alone.
  @Test func init_doesNotFlagADriftWithinTheNoiseFloor() {
    let row = makeSustainedRow(firstTenth: 1_000, lastTenth: 4_000)

    #expect(row.drift == 4)
    #expect(row.flags.isEmpty)
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

    #expect(row.storageEndBytes == 2_000)
    #expect(row.storagePeakBytes == 5_000)
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
}
