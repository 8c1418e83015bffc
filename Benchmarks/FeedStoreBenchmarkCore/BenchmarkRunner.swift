import Foundation
import SharedSupport

/// Measures every row of ``WorkloadCatalog`` that a program's run asks for at every size, then the
/// sustained mode: the times in this process, each row's memory through `memoryProbe`.
///
/// After each row's warm-up, the kept samples come in rounds of one sample of every row, so a
/// slow spell of a shared machine lands on every row alike and the ratios between rows hold.
struct BenchmarkRunner: Sendable {
  let program: BenchmarkProgram
  let configuration: RunConfiguration
  /// Measures a row's memory at a size, such as in a child process; `nil` skips memory.
  let memoryProbe: MemoryMeasurement?

  /// Runs every row and the sustained mode, on this machine; progress goes to standard error.
  ///
  /// - Returns: The run, rows by size ascending, in catalog order within a size.
  /// - Throws: ``BenchmarkError`` naming the row that failed.
  func report() async throws -> RunReport {
    let machine = MachineInfo.current()
    if machine.buildConfiguration == "debug" {
      StandardError.write("warning: a debug build's numbers mean nothing; build with -c release")
    }
    let startedAt = Date()
    let stores = program.measured(configuration)
    // In the directory the report names, not in the memory file system the tests use.
    let temporaryDirectory = URL(filePath: machine.temporaryDirectory, directoryHint: .isDirectory)
    return try await withTemporaryDirectory(in: temporaryDirectory) { directory in
      var rows: [ResultRow] = []
      for size in configuration.sizes {
        rows += try await run(size: size, in: directory)
      }
      let sustained =
        configuration.sustained.inserts > 0
        ? try await SustainedRunner(configuration: configuration.sustained, stores: stores)
          .run(in: directory) : []
      return RunReport(
        tool: program.name, startedAt: startedAt, machine: machine, configuration: configuration,
        rows: rows, sustained: sustained)
    }
  }

  private func run(size: Int, in directory: URL) async throws -> [ResultRow] {
    let fixture = try Fixture(count: size)
    let entries = WorkloadCatalog.entries(of: program, running: configuration)
    let workloads = entries.map { $0.workload(fixture) }
    let (iterations, warmup) = (configuration.iterations, configuration.warmup)
    StandardError.write(
      "N = \(Formatting.grouped(size)): \(entries.count) rows, \(warmup) warm-up sample(s) each, "
        + "then \(iterations) round(s) of one sample per row")
    for (entry, workload) in zip(entries, workloads) {
      for repetition in 0..<warmup {
        _ = try await sample(workload, of: entry.id, in: directory, verifies: repetition == 0)
      }
    }
    StandardError.write("  rounds done:", terminator: "")
    var samples = Array(repeating: [Duration](), count: entries.count)
    for round in 0..<iterations {
      for (index, (entry, workload)) in zip(entries, workloads).enumerated() {
        samples[index].append(
          try await sample(
            workload, of: entry.id, in: directory, verifies: warmup == 0 && round == 0))
      }
      StandardError.write(" \(round + 1)", terminator: "")
    }
    StandardError.write("")
    var rows: [ResultRow] = []
    for (entry, samples) in zip(entries, samples) {
      // A probe that fails leaves the row's memory "n/a" rather than failing the run.
      var memory: MemoryFigures?
      do {
        memory = try memoryProbe?(entry.id, size)
      } catch {
        StandardError.write("warning: \(error)")
      }
      let row = ResultRow(
        id: entry.id, size: size, payloadBytes: fixture.payload.count, samples: samples,
        floor: rows.first { $0.id == entry.floor }, memory: memory)
      StandardError.write(
        "  \(row.label): p50 \(Formatting.duration(nanoseconds: row.summary.p50))")
      rows.append(row)
    }
    return rows
  }

  /// Prepares and times one run (`ContinuousClock`) in a new directory, removed afterwards; the
  /// store and the output are released after the clock stopped.
  ///
  /// `@concurrent`: a floor runs on a pool thread as a store's actor does, not on the main
  /// thread, whose malloc arena makes allocation cheaper (the SQLite read floor measured 0.7 µs
  /// per image there, 1.1 on a pool thread).
  @concurrent private func sample<W: Workload>(
    _ workload: W, of id: RowID, in root: URL, verifies: Bool
  ) async throws -> Duration {
    let directory = root.appending(path: "sample-\(UUID().uuidString)", directoryHint: .isDirectory)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      defer { try? FileManager.default.removeItem(at: directory) }
      let prepared = try await workload.prepare(in: directory)
      let clock = ContinuousClock()
      let start = clock.now
      let output = try await workload.run(prepared)
      let elapsed = start.duration(to: clock.now)
      BlackHole.consume(output)
      BlackHole.consume(prepared)
      if verifies {
        try await workload.verify(output, of: prepared)
      }
      return elapsed
    } catch {
      throw BenchmarkError("\(id.label) failed: \(error)")
    }
  }
}
