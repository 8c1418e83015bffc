import Foundation

/// Measures one row's memory at a number of images, such as in a child process of its own.
package typealias MemoryMeasurement = @Sendable (_ row: RowID, _ size: Int) throws -> MemoryFigures

/// The benchmark's command line: it parses the arguments, measures the stores beside the floors,
/// writes the report, and compares it with a saved baseline.
///
/// A benchmark executable is one call of `main(benchmarking:references:)`, from the
/// `FeedStoreBenchmark` product, with the factory the spec tests use. `feedstore-bench` is that
/// call over this package's backends.
public enum BenchmarkCommand {
  /// Runs the command line `commandLine`, which excludes the executable's name, for `program`.
  ///
  /// - Parameters:
  ///   - commandLine: The arguments.
  ///   - program: The stores and references the command line may ask for.
  ///   - memoryProbe: How each row's memory is measured, unless `--no-memory` is given.
  ///   - countsAllocations: Whether `memoryProbe` counts heap allocations, for the report.
  ///   - thisExecutable: This program's executable, which `--compare` starts as a worker.
  /// - Returns: The exit status.
  package static func run(
    _ commandLine: [String], program: BenchmarkProgram,
    memoryProbe: @escaping MemoryMeasurement, countsAllocations: Bool,
    thisExecutable: URL? = nil
  ) async -> ExitCode {
    if let error = program.namingError {
      StandardError.write("\(program.name): error: \(error)")
      return .failure
    }
    let arguments: Arguments
    let baseline: RunReport?
    let input: RunReport?
    do throws(ArgumentError) {
      arguments = try Arguments.parse(commandLine, for: program)
      if arguments.showsHelp {
        print(BenchmarkOption.help(for: program))
        return .success
      }
      baseline = try RunReport.load(from: arguments.baselinePath, for: "--baseline")
      input = try RunReport.load(from: arguments.inputPath, for: "--input")
    } catch {
      StandardError.write("\(program.name): error: \(error)")
      StandardError.write(BenchmarkOption.synopsis(of: program))
      StandardError.write("Run '\(program.name) --help' for details.")
      return .usage
    }

    if let other = arguments.comparePath {
      return await compare(
        with: other, arguments: arguments, program: program, thisExecutable: thisExecutable)
    }
    do {
      var configuration = arguments.run
      configuration.countsAllocations = configuration.measuresMemory && countsAllocations
      let probe = configuration.measuresMemory ? memoryProbe : nil
      var report =
        if let input { input } else {
          try await BenchmarkRunner(
            program: program, configuration: configuration, memoryProbe: probe
          ).report()
        }
      if let baseline, let path = arguments.baselinePath {
        report.comparison = BaselineComparison(
          report, baseline: baseline, baselineFile: path, threshold: arguments.threshold)
      }
      // Saved first, so a report that cannot be rendered never loses the run.
      if let path = arguments.savePath {
        try write(try OutputFormat.json.render(report), to: path)
        StandardError.write("saved the run to \(path)")
      }
      try output(try arguments.format.render(report), as: "report", arguments)
      guard let comparison = report.comparison else { return .success }
      StandardError.write(comparison.verdict)
      return comparison.regressions.isEmpty ? .success : .regression
    } catch {
      StandardError.write("\(program.name): error: \(error)")
      return .failure
    }
  }

  /// Measures this build against the build at `other`, writes the comparison as `arguments` ask,
  /// and says on standard error which store rows regressed or could not be decided.
  private static func compare(
    with other: String, arguments: Arguments, program: BenchmarkProgram, thisExecutable: URL?
  ) async -> ExitCode {
    guard let thisExecutable else {
      StandardError.write("\(program.name): error: --compare cannot find this program's executable")
      return .failure
    }
    do {
      let comparison = try await ComparisonRunner(
        program: program, configuration: arguments.run, maxIterations: arguments.maxIterations,
        threshold: arguments.threshold, thisExecutable: thisExecutable,
        otherExecutable: URL(filePath: other), otherName: other
      ).run()
      try output(try arguments.format.render(comparison), as: "comparison", arguments)
      StandardError.write(comparison.verdict)
      return comparison.exitCode
    } catch let error as ArgumentError {
      StandardError.write("\(program.name): error: \(error)")
      return .usage
    } catch {
      StandardError.write("\(program.name): error: \(error)")
      return .failure
    }
  }

  /// Writes `text`, the `what` in the format `arguments` ask for, to `--output` or standard output.
  private static func output(
    _ text: String, as what: String, _ arguments: Arguments
  ) throws(BenchmarkError) {
    guard let path = arguments.outputPath else {
      FileHandle.standardOutput.write(Data(text.utf8))
      return
    }
    try write(text, to: path)
    StandardError.write("wrote the \(arguments.format.rawValue) \(what) to \(path)")
  }

  /// Writes `text` to `path`, replacing the file atomically.
  private static func write(_ text: String, to path: String) throws(BenchmarkError) {
    do {
      try Data(text.utf8).write(to: URL(filePath: path), options: .atomic)
    } catch {
      throw BenchmarkError("cannot write '\(path)': \(error.localizedDescription)")
    }
  }
}

/// The exit statuses of a benchmark program, and what each means, as the help lists them.
package enum ExitCode: Int32, CaseIterable, Sendable {
  case success = 0
  case regression, usage, failure
  /// `--compare` could not decide whether a store row regressed: 3 already meant a failure.
  case undecided

  var meaning: String {
    switch self {
    case .success: "success"
    case .regression: "a store regressed past the threshold"
    case .usage: "bad arguments, baseline or other build"
    case .failure: "the benchmark failed"
    case .undecided: "--compare could not decide whether a store regressed"
    }
  }
}
