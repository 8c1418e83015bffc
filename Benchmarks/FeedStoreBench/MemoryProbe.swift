import FeedStoreBenchmarking
import FeedStoreSupport
import Foundation

/// Measures a row's memory in a child process, because peak resident memory belongs to a whole
/// process: measured in the benchmark itself, it would only ever grow, row after row.
///
/// The benchmark runs itself again as `feedstore-bench __memory-probe KIND NAME OPERATION SIZE`.
/// The child builds the same fixture (without the JSON payload unless the row reads it) and only
/// that row's workload, prepares the operation, resets its peak (Linux), runs the operation once,
/// and prints ``MemoryFigures`` as JSON on standard output.
enum MemoryProbe {
  /// The hidden first argument that makes the benchmark a probe.
  static let command = "__memory-probe"

  /// Measures row `id` at `size` images in a child process.
  ///
  /// - Throws: ``BenchmarkError`` when the child cannot be started or fails.
  @Sendable static func measure(_ id: RowID, size: Int) throws -> MemoryFigures {
    guard let executable = executableURL() else {
      throw BenchmarkError("cannot find this executable to run the memory probe")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = [command, id.kind.rawValue, id.name, id.operation, String(size)]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw BenchmarkError("cannot start the memory probe: \(error)")
    }
    // The child's output is one short line; reading to the end returns once it exits. The
    // benchmark runs one thing at a time, so blocking this thread holds nothing up.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw BenchmarkError(
        "the memory probe of \(id.label) (N=\(size)) failed with status \(process.terminationStatus)"
      )
    }
    do {
      return try JSONDecoder().decode(MemoryFigures.self, from: data)
    } catch {
      throw BenchmarkError("the memory probe of \(id.label) printed no figures: \(error)")
    }
  }

  /// The child's side: runs the row named by `arguments` once and prints its figures.
  ///
  /// - Returns: The exit status: 0 on success, 3 on failure, 2 on malformed arguments.
  static func runChild(arguments: [String]) async -> Int32 {
    guard arguments.count == 4, let kind = RowID.Kind(rawValue: arguments[0]),
      let size = Int(arguments[3]), size > 0
    else {
      StandardError.write("usage: feedstore-bench \(command) KIND NAME OPERATION SIZE")
      return ExitCode.usage.rawValue
    }
    let id = RowID(kind: kind, name: arguments[1], operation: arguments[2])
    do {
      let workload = try WorkloadCatalog.probedWorkload(for: id, size: size)
      let figures = try await withTemporaryDirectory { directory in
        try await measureHere(workload, in: directory)
      }
      let json = try JSONEncoder().encode(figures)
      FileHandle.standardOutput.write(json)
      return ExitCode.success.rawValue
    } catch {
      StandardError.write("feedstore-bench: memory probe of \(id.label) failed: \(error)")
      return ExitCode.failure.rawValue
    }
  }

  /// `@concurrent`, like the sampler's timed run: the operation runs on a pool thread, as it
  /// does when timed, so it allocates from the same kind of malloc arena.
  @concurrent private static func measureHere<W: Workload>(_ workload: W, in directory: URL)
    async throws -> MemoryFigures
  {
    let prepared = try await workload.prepare(in: directory)
    // A first read warms the allocator, so the reads around the operation reuse its memory.
    _ = ProcessMemory.residentBytes()
    let reset = ProcessMemory.resetPeak()
    let before = ProcessMemory.residentBytes()
    AllocationCounter.start()
    let output = try await workload.run(prepared)
    let counts = AllocationCounter.stop()
    let peak = ProcessMemory.peakResidentBytes()
    BlackHole.consume(output)
    BlackHole.consume(prepared)
    return MemoryFigures(
      residentBeforeBytes: before, peakResidentBytes: peak, peakCoversOperationOnly: reset,
      allocations: counts?.allocations, allocatedBytes: counts?.bytes)
  }

  private static func executableURL() -> URL? {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return URL(filePath: path)
      }
    #endif
    return Bundle.main.executableURL
  }
}
