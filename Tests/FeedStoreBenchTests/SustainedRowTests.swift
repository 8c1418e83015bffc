import Testing

@testable import FeedStoreBenchmarkCore

@Suite(.resamplingByProfile) struct SustainedRowTests {
  @Test(arguments: drifts)
  func init_flagsLatencyThatDriftsPastTheLimitAndTheNoise(_ input: Drift) {
    let row = makeSustainedRow(firstTenth: input.first, lastTenth: input.last)

    #expect(row.drift.ratio == input.drift)
    #expect(row.flags.map(\.kind) == (input.flagged ? [.drifts] : []))
  }

  @Test func init_saysBesideADriftFlagWhatItRestsOn() throws {
    let row = makeSustainedRow(firstTenth: 100_000, lastTenth: 400_000)

    let flag = try #require(row.flags.first)

    #expect(flag.detail == "4.00x, 95% interval 4.00x–4.00x")
  }

  /// Its p50 drifted 1.6x, but so little of the last tenth is slow that another run could as well
  /// have drifted less than the limit.
  @Test func init_doesNotFlagADriftWhoseIntervalReachesBelowTheLimit() {
    let first = Array(repeating: Int64(100_000), count: 10)
    let last: [Int64] =
      [90_000, 95_000, 100_000, 110_000, 160_000, 170_000, 180_000, 400_000]
      + [500_000, 600_000]

    let row = makeSUT(insertSamples: first + Array(repeating: 100_000, count: 80) + last)

    #expect(row.drift.ratio == 1.6)
    #expect(row.drift.lower < SustainedRow.driftLimit)
    #expect(row.flags.isEmpty)
  }

  /// The machine's reference slowed down as much in the same inserts: the store is not the cause.
  @Test func init_doesNotFlagAStoreThatDriftsOnlyAsTheMachineDoes() {
    let machine = makeSustainedRow(
      .sustainedDurableWrite, firstTenth: 200_000, lastTenth: 800_000
    ).insertSamplesNanoseconds

    let row = makeSustainedRow(firstTenth: 100_000, lastTenth: 400_000, machine: machine)

    #expect(row.driftBeyondMachine?.ratio == 1)
    #expect(row.flags.isEmpty)
  }

  @Test func init_flagsAStoreThatDriftsBeyondTheMachine() throws {
    let machine = makeSustainedRow(
      .sustainedDurableWrite, firstTenth: 200_000, lastTenth: 200_000
    ).insertSamplesNanoseconds

    let row = makeSustainedRow(firstTenth: 100_000, lastTenth: 400_000, machine: machine)

    let flag = try #require(row.flags.first)
    #expect(flag.detail == "4.00x, 95% interval 4.00x–4.00x; 4.00x beyond the machine's")
  }

  /// The durable write baseline is the same code in every run: when it drifts, the machine does.
  @Test func init_flagsTheBaselinesDriftAsTheMachines() throws {
    let row = makeSustainedRow(.sustainedDurableWrite, firstTenth: 100_000, lastTenth: 400_000)

    let flag = try #require(row.flags.first)

    #expect(
      flag.detail
        == "4.00x, 95% interval 4.00x–4.00x: a baseline row, so the machine or its disk, not a store"
    )
  }

  @Test func init_flagsStorageThatKeepsGrowing() {
    let row = makeSustainedRow(
      firstTenth: 100_000, lastTenth: 100_000, storage: (first: 4 << 20, last: 8 << 20))

    #expect(row.storageGrowth == 2)
    #expect(row.flags == [SustainedRow.Flag(kind: .storageGrows, detail: "2.00x, +4.00 MiB")])
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

  private func makeSUT(insertSamples: [Int64]) -> SustainedRow {
    SustainedRow(
      id: .store("SQLite", "sustained insert"), insertSamples: insertSamples, images: 1_000,
      retrieveSamples: [1], storageSamples: insertSamples.map { _ in 1_000 }, leftoverFiles: [],
      readers: nil, machine: nil)
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
