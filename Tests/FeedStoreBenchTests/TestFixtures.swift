import Foundation

@testable import FeedStoreBenchmarkCore

/// A row of `size` images whose samples all took `p50` nanoseconds, held to `floors`.
func makeRow(_ id: RowID, size: Int, p50: Int64, floors: [ResultRow] = []) -> ResultRow {
  makeRow(id, size: size, samples: [p50, p50], floors: floors)
}

/// A row of `size` images with `samples`, in nanoseconds, held to `floors`.
func makeRow(_ id: RowID, size: Int, samples: [Int64], floors: [ResultRow] = []) -> ResultRow {
  ResultRow(
    id: id, size: size, payloadBytes: size * 100, samples: samples.map(Duration.nanoseconds),
    floors: floors, memory: nil)
}

/// A run of `rows` on a made-up machine, started at the Unix epoch.
func makeReport(rows: [ResultRow], sustained: [SustainedRow] = []) -> RunReport {
  RunReport(
    tool: "feedstore-bench", startedAt: Date(timeIntervalSince1970: 0),
    machine: MachineInfo(
      processorCount: 2, cpuModel: "Test CPU", kernel: "Linux 6.0", swiftCompiler: "6.3",
      buildConfiguration: "debug", temporaryDirectory: "/tmp", temporaryFileSystem: "tmpfs"),
    configuration: RunConfiguration(
      sizes: Array(Set(rows.map(\.size))).sorted(), stores: ["SQLite"], references: [],
      iterations: 2,
      warmup: 0, measuresMemory: false, countsAllocations: false, fixtureSeed: 1,
      sustained: SustainedConfiguration(inserts: 10, retrieveEvery: 5, readers: 1)),
    rows: rows, sustained: sustained)
}

/// A sustained row of SQLite's whose first tenth of 100 inserts took `firstTenth` nanoseconds
/// each, its last tenth `lastTenth`, and the rest the mean of the two, beside the machine's
/// reference inserts `machine`.
func makeSustainedRow(
  _ id: RowID = .store("SQLite", "sustained insert"), firstTenth: Int64, lastTenth: Int64,
  storage: (first: Int, last: Int) = (1_000, 1_000), readers: SustainedRow.Readers? = nil,
  machine: [Int64]? = nil
) -> SustainedRow {
  let samples =
    Array(repeating: firstTenth, count: 10)
    + Array(repeating: (firstTenth + lastTenth) / 2, count: 80)
    + Array(repeating: lastTenth, count: 10)
  let storageSamples =
    Array(repeating: storage.first, count: 90) + Array(repeating: storage.last, count: 10)
  return SustainedRow(
    id: id, insertSamples: samples, images: 11_000, retrieveSamples: [1],
    storageSamples: storageSamples, leftoverFiles: [], readers: readers, machine: machine)
}
