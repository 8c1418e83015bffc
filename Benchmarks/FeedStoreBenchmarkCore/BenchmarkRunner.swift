import Foundation
import SharedSupport

/// Measures every row of ``WorkloadCatalog`` that a program's run asks for at every size, then the
/// sustained mode: the times in this process, each row's memory through `memoryProbe`.
///
/// After each row's warm-up, the kept samples come in rounds of one sample of every row at every
/// size, in catalog order and then in reverse, round after round, so a slow spell of a shared
/// machine lands on every row alike and the ratios between rows, and between sizes, hold.
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
      let rows = try await measureRows(in: directory)
      let sustained =
        configuration.sustained.inserts > 0
        ? try await SustainedRunner(configuration: configuration.sustained, stores: stores)
          .run(in: directory) : nil
      return RunReport(
        tool: program.name, startedAt: startedAt, machine: machine, configuration: configuration,
        rows: rows, sustained: sustained?.rows ?? [], sustainedMemory: sustained?.memory)
    }
  }

  /// One row at one size, as the rounds visit it.
  private struct Cell {
    let size: Int
    let payloadBytes: Int
    let entry: WorkloadCatalog.Entry
    let workload: any Workload
  }

  private func measureRows(in directory: URL) async throws -> [ResultRow] {
    let entries = WorkloadCatalog.entries(of: program, running: configuration)
    var cells: [Cell] = []
    for size in configuration.sizes {
      let fixture = try Fixture(count: size)
      cells += entries.map {
        Cell(
          size: size, payloadBytes: fixture.payload.count, entry: $0, workload: $0.workload(fixture)
        )
      }
    }
    let (iterations, warmup) = (configuration.iterations, configuration.warmup)
    let sizes = configuration.sizes.map(Formatting.grouped).joined(separator: ", ")
    StandardError.write(
      "N = \(sizes): \(entries.count) rows each, \(warmup) warm-up sample(s) per row, then "
        + "\(iterations) round(s) of one sample of every row, in alternating order")
    // The stores whose first insert left a file in its directory: the floors of file work apply
    // to them.
    var storesKeepingFiles: Set<String> = []
    func take(_ cell: Cell, verifies: Bool) async throws -> Duration {
      let sample = try await Sampler.sample(
        cell.workload, of: cell.entry.id, in: directory, verifies: verifies)
      if sample.leftFiles == true, cell.entry.id.isStore {
        storesKeepingFiles.insert(cell.entry.id.storeLabel)
      }
      return sample.elapsed
    }
    for cell in cells {
      for repetition in 0..<warmup {
        _ = try await take(cell, verifies: repetition == 0)
      }
    }
    StandardError.write("  rounds done:", terminator: "")
    var samples = Array(repeating: [Duration](), count: cells.count)
    for round in 0..<iterations {
      let order = round.isMultiple(of: 2) ? Array(cells.indices) : cells.indices.reversed()
      for index in order {
        samples[index].append(try await take(cells[index], verifies: warmup == 0 && round == 0))
      }
      StandardError.write(" \(round + 1)", terminator: "")
    }
    StandardError.write("")
    var rows: [ResultRow] = []
    for (cell, samples) in zip(cells, samples) {
      // A probe that fails leaves the row's memory "n/a" rather than failing the run.
      var memory: MemoryFigures?
      do {
        memory = try memoryProbe?(cell.entry.id, cell.size)
      } catch {
        StandardError.write("warning: \(error)")
      }
      let floorIDs = floors(
        of: cell.entry, keepsFiles: storesKeepingFiles.contains(cell.entry.id.storeLabel))
      let row = ResultRow(
        id: cell.entry.id, size: cell.size, payloadBytes: cell.payloadBytes, samples: samples,
        floors: floorIDs.compactMap { id in rows.first { $0.id == id && $0.size == cell.size } },
        memory: memory)
      StandardError.write(
        "  \(row.label) (N=\(Formatting.grouped(cell.size))): p50 "
          + Formatting.duration(nanoseconds: row.summary.p50))
      rows.append(row)
    }
    return rows
  }

  /// The floors of a row, loosest first: a floor's or a baseline's one, or those of a store's
  /// operation.
  private func floors(of entry: WorkloadCatalog.Entry, keepsFiles: Bool) -> [RowID] {
    guard entry.id.isStore, let operation = StoreOperation(rawValue: entry.id.operation),
      let store = program.everyStore.first(where: {
        $0.store.name == entry.id.name && $0.kind == entry.id.kind
      })?.store
    else { return entry.floor.map { [$0] } ?? [] }
    return WorkloadCatalog.floors(of: operation, of: store, keepsFiles: keepsFiles)
  }
}
