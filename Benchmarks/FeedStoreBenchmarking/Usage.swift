/// The help text of `feedstore-bench`.
enum Usage {
  /// The synopsis, printed with every argument error.
  static let synopsis = """
    usage: feedstore-bench [--sizes N,...] [--backends NAME,...] [--iterations N] [--warmup N]
                           [--inserts N] [--retrieve-every K] [--readers N]
                           [--format table|json|markdown|svg] [--output FILE] [--save FILE]
                           [--baseline FILE [--threshold PERCENT]] [--no-memory]
                           [--input FILE] [--help]
    """

  /// The full help, listing `backends` as the names `--backends` accepts.
  static func help(backends: [String]) -> String {
    let defaults = Arguments()
    let exitStatuses = ExitCode.allCases.map { "  \($0.rawValue) \($0.meaning)" }
    return """
      Benchmarks every FeedStore backend: insert of N images into an empty store and retrieve of
      N images from a store holding them, against the floors of copying, durably writing,
      building and SQLite inserting and reading the same images, and against plain JSONEncoder
      and JSONDecoder baselines; then thousands of successive inserts into one store per backend
      (sustained mode), with readers during part of them.

      \(synopsis)

      Options:
        --sizes N,...         Feed sizes in images (default \(list(defaults.sizes))). With two or
                              more, a scaling section flags rows whose cost per image at the
                              largest N exceeds 1.5x the one at the smallest.
        --backends NAME,...   Backends to run, case-insensitive (default all: \(list(backends))).
        --iterations N        Samples kept per row (default \(defaults.iterations)).
        --warmup N            Samples discarded per row before them (default \(defaults.warmup)).
        --inserts N           Sustained mode: successive inserts into one store per backend
                              (default \(defaults.sustained.inserts); 0 skips the mode).
        --retrieve-every K    Sustained mode: a retrieve after every K inserts (default \
      \(defaults.sustained.retrieveEvery)).
        --readers N           Sustained mode: then N readers retrieve in a loop during 1/\
      \(SustainedConfiguration.readerPhaseDivisor) as
                              many more inserts (default \(defaults.sustained.readers); 0 skips them).
        --format FORMAT       table (default), json, markdown or svg (a chart of cost per image).
        --output FILE         Write the report to FILE instead of standard output.
        --save FILE           Also write the run as JSON to FILE, for a later --baseline.
        --baseline FILE       Compare each row's p50 with a saved run; exit \
      \(ExitCode.regression.rawValue) when a store row
                              is slower by more than the threshold.
        --threshold PERCENT   Regression threshold for --baseline, such as 10% (default \
      \(Int(defaults.threshold * 100))%).
        --no-memory           Skip the memory probes (one child process per row).
        --input FILE          Report the run saved in FILE instead of measuring, such as to
                              render a saved run as markdown or svg.
        -h, --help            Show this help.

      Progress goes to standard error. Exit status:
      \(exitStatuses.joined(separator: "\n"))
      """
  }

  private static func list<Element>(_ elements: [Element]) -> String {
    elements.map { "\($0)" }.joined(separator: ",")
  }
}

/// The exit statuses of `feedstore-bench`.
package enum ExitCode: Int32, CaseIterable, Sendable {
  /// The run finished; no row regressed past the threshold.
  case success = 0
  /// A store's p50 regressed past `--threshold` against `--baseline`.
  case regression = 1
  /// The arguments or the baseline file were not usable; nothing was measured.
  case usage = 2
  /// The benchmark itself failed: a store threw, a file could not be written.
  case failure = 3

  /// What the status means, as the help lists it.
  var meaning: String {
    switch self {
    case .success: "success"
    case .regression: "a store regressed past the threshold"
    case .usage: "bad arguments or baseline"
    case .failure: "the benchmark failed"
    }
  }
}
