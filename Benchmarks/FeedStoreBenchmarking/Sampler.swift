import Foundation

/// Times workloads: warm-up samples first, which are discarded, then rounds of kept samples.
///
/// Each workload's warm-up runs back to back. The kept samples then come in rounds that take
/// one sample of every workload in turn, so a slow spell of a shared machine lands on every row
/// alike instead of on whichever row happened to be running, and the ratios between rows of one
/// run stay meaningful.
///
/// Every sample starts from scratch in a directory of its own, which is removed afterwards, and
/// is timed with `ContinuousClock` (`CLOCK_MONOTONIC` on Linux). Each workload's first sample is
/// verified after its clock stopped.
struct Sampler: Sendable {
  /// Samples kept per row.
  let iterations: Int
  /// Samples run and discarded per row before them.
  let warmup: Int

  /// Runs each workload `warmup + iterations` times.
  ///
  /// - Parameters:
  ///   - workloads: The operations to time.
  ///   - directory: An existing directory for the samples' files.
  ///   - onRound: Called after each round of kept samples with the number of rounds done.
  /// - Returns: Each workload's kept samples, in the order of `workloads` and of running.
  /// - Throws: ``BenchmarkError`` naming the workload that threw or whose output was wrong.
  func samples(
    of workloads: [any Workload], in directory: URL, onRound: (Int) -> Void = { _ in }
  ) async throws -> [[Duration]] {
    for workload in workloads {
      for repetition in 0..<warmup {
        _ = try await sample(workload, in: directory, verifies: repetition == 0)
      }
    }
    var samples = Array(repeating: [Duration](), count: workloads.count)
    for round in 0..<iterations {
      for (index, workload) in workloads.enumerated() {
        let verifies = warmup == 0 && round == 0
        samples[index].append(try await sample(workload, in: directory, verifies: verifies))
      }
      onRound(round + 1)
    }
    return samples
  }

  /// One sample in a new directory, removed afterwards.
  private func sample<W: Workload>(
    _ workload: W, in root: URL, verifies: Bool
  ) async throws -> Duration {
    do {
      let directory = root.appending(
        path: "sample-\(UUID().uuidString)", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      defer { try? FileManager.default.removeItem(at: directory) }
      return try await timedRun(of: workload, in: directory, verifies: verifies)
    } catch {
      throw BenchmarkError("\(workload.id.label) failed: \(error)")
    }
  }

  /// Prepares and times one run; the store and the output are released after the clock stopped
  /// and before the caller removes the directory.
  ///
  /// `@concurrent`: it runs on the global executor whatever the caller's isolation, so a floor's
  /// body runs on a pool thread as a store's actor does, not on the main thread, whose malloc
  /// arena makes allocation cheaper (the SQLite read floor measured 0.7 µs per image there, 1.1
  /// on a pool thread).
  @concurrent private func timedRun<W: Workload>(of workload: W, in directory: URL, verifies: Bool)
    async throws -> Duration
  {
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
  }
}
