import CAllocationCounter
import FeedStoreBenchmarkCore
import Foundation
import SharedSupport

/// Measures a row's memory in a child process, because peak resident memory belongs to a whole
/// process: measured in the benchmark itself, it would only ever grow, row after row.
///
/// The child is the benchmark program itself, started again as `PROGRAM __memory-probe KIND NAME
/// OPERATION SIZE`: it runs that row once and prints ``MemoryFigures`` as JSON, with heap
/// allocations counted by `CAllocationCounter`, which wraps `malloc` on glibc (not in sanitizer
/// builds, whose runtimes own `malloc`).
enum MemoryProbe {
  /// The hidden first argument that makes the benchmark a probe.
  static let command = "__memory-probe"

  static let countsAllocations = feedstore_allocation_counter_is_available() != 0

  /// Measures row `id` at `size` images in a child process.
  ///
  /// - Throws: ``BenchmarkError`` when the child cannot be started or fails.
  @Sendable static func measure(_ id: RowID, size: Int) throws -> MemoryFigures {
    let process = Process()
    process.executableURL = Executable.current
    process.arguments = [command, id.kind.rawValue, id.name, id.operation, String(size)]
    let output = Pipe()
    process.standardOutput = output
    do {
      try ProcessLaunch.run(process)
    } catch {
      throw BenchmarkError("cannot start the memory probe: \(error)")
    }
    // One short line; reading to the end returns once the child exits. Nothing else runs
    // meanwhile, so blocking this thread holds nothing up.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0,
      let figures = try? JSONDecoder().decode(MemoryFigures.self, from: data)
    else {
      throw BenchmarkError(
        "the memory probe of \(id.label) (N=\(size)) printed no figures (exit status "
          + "\(process.terminationStatus))")
    }
    return figures
  }

  /// The child's side: runs the row of `program` named by `arguments` once and prints its
  /// figures.
  ///
  /// - Returns: The exit status.
  static func runChild(arguments: [String], of program: BenchmarkProgram) async -> ExitCode {
    guard arguments.count == 4, let kind = RowID.Kind(rawValue: arguments[0]),
      let size = Int(arguments[3]), size > 0
    else {
      StandardError.write("usage: \(program.name) \(command) KIND NAME OPERATION SIZE")
      return .usage
    }
    let id = RowID(kind: kind, name: arguments[1], operation: arguments[2])
    do {
      let workload = try WorkloadCatalog.probedWorkload(for: id, size: size, in: program)
      let figures = try await withTemporaryDirectory(in: FileManager.default.temporaryDirectory) {
        try await measureHere(workload, in: $0)
      }
      FileHandle.standardOutput.write(try JSONEncoder().encode(figures))
      return .success
    } catch {
      StandardError.write("\(program.name): memory probe of \(id.label) failed: \(error)")
      return .failure
    }
  }

  /// `@concurrent`, like the timed run: the operation runs on a pool thread, as it does when
  /// timed, so it allocates from the same kind of malloc arena.
  @concurrent private static func measureHere<W: Workload>(_ workload: W, in directory: URL)
    async throws -> MemoryFigures
  {
    let prepared = try await workload.prepare(in: directory)
    _ = ProcessMemory.residentBytes()  // warms the allocator for the reads around the operation
    let reset = ProcessMemory.resetPeak()
    let before = ProcessMemory.residentBytes()
    feedstore_allocation_counter_start()
    let output = try await workload.run(prepared)
    var bytes: UInt64 = 0
    let allocations = feedstore_allocation_counter_stop(&bytes)
    let peak = ProcessMemory.peakResidentBytes()
    BlackHole.consume(output)
    BlackHole.consume(prepared)
    return MemoryFigures(
      residentBeforeBytes: before, peakResidentBytes: peak, peakCoversOperationOnly: reset,
      allocations: countsAllocations ? Int(allocations) : nil,
      allocatedBytes: countsAllocations ? Int(bytes) : nil)
  }
}
