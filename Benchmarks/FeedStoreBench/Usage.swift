/// The help text of `feedstore-bench`.
enum Usage {
  /// The synopsis, printed with every argument error.
  static let synopsis = """
    usage: feedstore-bench [--sizes N,...] [--backends NAME,...] [--iterations N] [--warmup N]
                           [--format table|json|markdown|svg] [--output FILE] [--save FILE]
                           [--baseline FILE [--threshold PERCENT]] [--no-memory]
                           [--input FILE] [--help]
    """

  /// The full help, listing `backends` as the names `--backends` accepts.
  static func help(backends: [String]) -> String {
    let defaults = Arguments()
    return """
      Benchmarks every FeedStore backend: insert of N images into an empty store and retrieve of
      N images from a store holding them, against the floors of copying and durably writing the
      same bytes and of SQLite inserting the same rows through its C API, and against a plain
      JSONEncoder baseline.

      \(synopsis)

      Options:
        --sizes N,...         Feed sizes in images (default \(list(defaults.sizes))). With two or
                              more, a scaling section flags rows whose cost per image at the
                              largest N exceeds 1.5x the one at the smallest.
        --backends NAME,...   Backends to run, case-insensitive (default all: \(list(backends))).
        --iterations N        Samples kept per row (default \(defaults.iterations)).
        --warmup N            Samples discarded per row before them (default \(defaults.warmup)).
        --format FORMAT       table (default), json, markdown or svg (a chart of cost per image).
        --output FILE         Write the report to FILE instead of standard output.
        --save FILE           Also write the run as JSON to FILE, for a later --baseline.
        --baseline FILE       Compare each row's p50 with a saved run; exit 1 when a store row
                              is slower by more than the threshold.
        --threshold PERCENT   Regression threshold for --baseline, such as 10% (default \
      \(Int(defaults.threshold * 100))%).
        --no-memory           Skip the memory probes (one child process per row).
        --input FILE          Report the run saved in FILE instead of measuring, such as to
                              render a saved run as markdown or svg.
        -h, --help            Show this help.

      Progress goes to standard error. Exit status: 0 success, 1 a store regressed past the
      threshold, 2 bad arguments or baseline, 3 the benchmark failed.
      """
  }

  private static func list<Element>(_ elements: [Element]) -> String {
    elements.map { "\($0)" }.joined(separator: ",")
  }
}
