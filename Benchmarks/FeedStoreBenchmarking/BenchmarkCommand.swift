import FeedStoreBackends
import Foundation

/// Measures one row's memory at a number of images, such as in a child process of its own.
package typealias MemoryMeasurement = @Sendable (_ row: RowID, _ size: Int) throws -> MemoryFigures

/// `feedstore-bench`: parses the command line, runs the benchmark, writes the report, and
/// compares it with a baseline.
package enum BenchmarkCommand {
  /// Runs the command line `commandLine`, which excludes the executable's name.
  ///
  /// - Parameters:
  ///   - commandLine: The arguments.
  ///   - memoryProbe: How each row's memory is measured, unless `--no-memory` is given.
  ///   - countsAllocations: Whether `memoryProbe` counts heap allocations, for the report.
  /// - Returns: The exit status.
  package static func run(
    _ commandLine: [String], memoryProbe: @escaping MemoryMeasurement, countsAllocations: Bool
  ) async -> ExitCode {
    let available = FeedStoreBackend.all.map(\.name)
    let arguments: Arguments
    var baseline: RunReport?
    var input: RunReport?
    do throws(ArgumentError) {
      arguments = try Arguments.parse(commandLine, availableBackends: available)
      if arguments.showsHelp {
        print(Usage.help(backends: available))
        return .success
      }
      try checkWritable(arguments.outputPath, option: "--output")
      try checkWritable(arguments.savePath, option: "--save")
      if let path = arguments.baselinePath {
        baseline = try SavedRunLoader.load(from: path, for: "--baseline")
      }
      if let path = arguments.inputPath {
        input = try SavedRunLoader.load(from: path, for: "--input")
      }
    } catch {
      StandardError.write("feedstore-bench: error: \(error)")
      StandardError.write(Usage.synopsis)
      StandardError.write("Run 'feedstore-bench --help' for details.")
      return .usage
    }

    do {
      var report =
        if let input {
          input
        } else {
          try await measure(
            arguments, memoryProbe: arguments.measuresMemory ? memoryProbe : nil,
            countsAllocations: countsAllocations)
        }
      if let baseline, let path = arguments.baselinePath {
        report.comparison = BaselineComparison(
          report, baseline: baseline, baselineFile: path, threshold: arguments.threshold)
      }
      try write(report, arguments: arguments)
      return report.comparison.map(reportRegressions) ?? .success
    } catch {
      StandardError.write("feedstore-bench: error: \(error)")
      return .failure
    }
  }

  private static func measure(
    _ arguments: Arguments, memoryProbe: MemoryMeasurement?, countsAllocations: Bool
  ) async throws -> RunReport {
    let names = arguments.backends ?? FeedStoreBackend.all.map(\.name)
    let backends = names.compactMap(FeedStoreBackend.named)
    let machine = MachineInfo.current()
    if machine.buildConfiguration == "debug" {
      StandardError.write(
        "warning: this is a debug build; run `swift run -c release feedstore-bench` for real numbers"
      )
    }
    let startedAt = Date()
    let runner = BenchmarkRunner(
      sizes: arguments.sizes, backends: backends,
      sampler: Sampler(iterations: arguments.iterations, warmup: arguments.warmup),
      sustained: arguments.sustained, memoryProbe: memoryProbe)
    let (rows, sustained) = try await runner.run()
    let configuration = RunConfiguration(
      sizes: arguments.sizes, backends: names, iterations: arguments.iterations,
      warmup: arguments.warmup, measuresMemory: memoryProbe != nil,
      countsAllocations: memoryProbe != nil && countsAllocations, fixtureSeed: Fixture.seed,
      sustained: arguments.sustained)
    return RunReport(
      startedAt: startedAt, machine: machine, configuration: configuration, rows: rows,
      sustained: sustained)
  }

  /// Saves the run first, so a report that cannot be rendered never loses it.
  private static func write(_ report: RunReport, arguments: Arguments) throws {
    if let savePath = arguments.savePath {
      try write(try OutputFormat.json.render(report), to: savePath)
      StandardError.write("saved the run to \(savePath)")
    }
    let text = try arguments.format.render(report)
    if let outputPath = arguments.outputPath {
      try write(text, to: outputPath)
      StandardError.write("wrote the \(arguments.format.rawValue) report to \(outputPath)")
    } else {
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }

  /// Checks, before anything is measured, that a file can be written at `path` (`--output`,
  /// `--save`): its directory exists and is writable, and the path is not a directory.
  ///
  /// - Throws: ``ArgumentError`` naming `option` when it cannot.
  private static func checkWritable(_ path: String?, option: String) throws(ArgumentError) {
    guard let path else { return }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw ArgumentError("\(option): '\(path)' is a directory")
    }
    let directory = URL(filePath: path).deletingLastPathComponent().path(percentEncoded: false)
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw ArgumentError(
        "\(option): cannot write to '\(path)': its directory is missing or read-only")
    }
  }

  /// Writes `text` to `path`, replacing the file atomically.
  private static func write(_ text: String, to path: String) throws(BenchmarkError) {
    do {
      try Data(text.utf8).write(to: URL(filePath: path), options: .atomic)
    } catch {
      throw BenchmarkError("cannot write '\(path)': \(error.localizedDescription)")
    }
  }

  /// Names each regressed store row on standard error.
  ///
  /// - Returns: ``ExitCode/regression`` when any store row regressed.
  private static func reportRegressions(_ comparison: BaselineComparison) -> ExitCode {
    let regressions = comparison.regressions
    guard !regressions.isEmpty else {
      StandardError.write(
        "no store row regressed by more than \(Formatting.percentChange(comparison.threshold)) "
          + "against \(comparison.baselineFile)")
      return .success
    }
    StandardError.write(
      "\(regressions.count) store row(s) regressed by more than "
        + "\(Formatting.percentChange(comparison.threshold)) against \(comparison.baselineFile):")
    for entry in regressions {
      StandardError.write(
        "  \(entry.label) (N=\(Formatting.grouped(entry.size))): p50 "
          + "\(Formatting.duration(nanoseconds: entry.baselineP50)) -> "
          + "\(Formatting.duration(nanoseconds: entry.currentP50)) "
          + "(\(Formatting.percentChange(entry.change)))")
    }
    return .regression
  }
}
