import FeedStoreBackends
import FeedStoreSupport
import Foundation

/// Measures every row at every size, then the sustained mode, in a temporary directory that is
/// removed afterwards, even when a store throws: the times in this process, the memory of each
/// row through `memoryProbe`.
struct BenchmarkRunner: Sendable {
  /// The sizes, smallest first.
  let sizes: [Int]
  /// The backends to measure.
  let backends: [FeedStoreBackend]
  /// How many samples each row keeps and discards.
  let sampler: Sampler
  /// The sustained mode's counts.
  let sustained: SustainedConfiguration
  /// Measures a row's memory at a size, such as in a child process; `nil` skips memory.
  let memoryProbe: MemoryMeasurement?

  /// Runs every row and the sustained mode; progress goes to standard error.
  ///
  /// - Returns: The rows, sizes ascending, in catalog order within a size, and the sustained
  ///   mode's rows.
  /// - Throws: ``BenchmarkError`` naming the row that failed.
  func run() async throws -> (rows: [ResultRow], sustained: [SustainedRow]) {
    try await withTemporaryDirectory { directory in
      var rows: [ResultRow] = []
      for size in sizes {
        rows += try await run(size: size, in: directory)
      }
      guard sustained.inserts > 0 else { return (rows, []) }
      let runner = SustainedRunner(configuration: sustained, backends: backends)
      return (rows, try await runner.run(in: directory))
    }
  }

  private func run(size: Int, in directory: URL) async throws -> [ResultRow] {
    let fixture = try Fixture(count: size)
    let workloads = WorkloadCatalog.ids(backends: backends).compactMap {
      WorkloadCatalog.workload(for: $0, fixture: fixture, backends: backends)
    }
    StandardError.write(
      "N = \(Formatting.grouped(size)): \(workloads.count) rows, \(sampler.warmup) warm-up "
        + "sample(s) each, then \(sampler.iterations) round(s) of one sample per row")
    StandardError.write("  rounds done:", terminator: "")
    let samples = try await sampler.samples(of: workloads, in: directory) { round in
      StandardError.write(" \(round)", terminator: "")
    }
    StandardError.write("")
    var rows: [ResultRow] = []
    for (workload, samples) in zip(workloads, samples) {
      let floor = workload.id.floor.flatMap { floor in rows.first { $0.id == floor } }
      let row = ResultRow(
        id: workload.id, size: size, payloadBytes: fixture.payload.count, samples: samples,
        floor: floor, memory: memory(of: workload.id, size: size))
      let peak = row.memory?.peakGrowthBytes.map { ", peak memory +\(Formatting.bytes($0))" }
      StandardError.write(
        "  \(row.label): p50 \(Formatting.duration(nanoseconds: row.summary.p50))\(peak ?? "")")
      rows.append(row)
    }
    return rows
  }

  /// The row's memory, or `nil` with a warning when the probe fails: memory figures are
  /// extras, and a missing one is reported as "n/a" rather than failing the run.
  private func memory(of id: RowID, size: Int) -> MemoryFigures? {
    guard let memoryProbe else { return nil }
    do {
      return try memoryProbe(id, size)
    } catch {
      StandardError.write("warning: \(error)")
      return nil
    }
  }
}
