import Foundation

/// Times one sample of a workload, as every mode of the benchmark does: the run's rounds and a
/// comparison's worker alike.
enum Sampler {
  /// One timed run, and whether it left a file in its directory (for a verified sample only).
  struct Sample {
    let elapsed: Duration
    /// Whether a regular file was under the sample's directory after the run, counted only when
    /// the sample was verified; `nil` otherwise.
    let leftFiles: Bool?
  }

  /// Prepares and times one run (`ContinuousClock`) in a new directory in `root`, removed
  /// afterwards; the store and the output are released after the clock stopped.
  ///
  /// `@concurrent`: a floor runs on a pool thread as a store's actor does, not on the main
  /// thread, whose malloc arena makes allocation cheaper (the SQLite read floor measured 0.7 µs
  /// per image there, 1.1 on a pool thread).
  ///
  /// - Parameters:
  ///   - workload: What to time.
  ///   - id: Its row, which an error names.
  ///   - root: Where the sample's directory is made.
  ///   - verifies: Whether to check the output after the clock stopped, and list the files.
  /// - Returns: The time of the run.
  /// - Throws: ``BenchmarkError`` naming the row, when the workload throws or its check fails.
  @concurrent static func sample<W: Workload>(
    _ workload: W, of id: RowID, in root: URL, verifies: Bool
  ) async throws -> Sample {
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
      guard verifies else { return Sample(elapsed: elapsed, leftFiles: nil) }
      try await workload.verify(output, of: prepared)
      return Sample(elapsed: elapsed, leftFiles: holdsFile(directory))
    } catch {
      throw BenchmarkError("\(id.label) failed: \(error)")
    }
  }

  /// Whether a regular file is anywhere under `directory`.
  private static func holdsFile(_ directory: URL) -> Bool {
    let files = FileManager.default.enumerator(
      at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    while let file = files?.nextObject() as? URL {
      if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        return true
      }
    }
    return false
  }
}
