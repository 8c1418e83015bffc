/// The parsed command line of a benchmark program: ``BenchmarkOption/all(for:)`` says which option
/// sets each property, and its default, which ``parse(_:for:)`` sets first.
struct Arguments: Equatable, Sendable {
  /// What to measure, as the run saves it.
  var run = RunConfiguration()
  var format = OutputFormat.table
  var outputPath: String?
  var savePath: String?
  var baselinePath: String?
  var inputPath: String?
  /// The other build's executable, as given, that `--compare` measures this build against.
  var comparePath: String?
  /// The most samples per row and build that `--compare` takes.
  var maxIterations = 0
  /// The relative p50 change past which a store row regressed or improved: 0.1 is 10%.
  var threshold = 0.0
  var showsHelp = false

  /// Parses `commandLine`, which excludes the executable's name, for `program`: an option's value
  /// follows it or an `=`, and a repeated option keeps its last value.
  ///
  /// - Throws: ``ArgumentError`` for an unknown option, a missing or malformed value, or an
  ///   option that measures given with `--input`.
  static func parse(
    _ commandLine: [String], for program: BenchmarkProgram
  ) throws(ArgumentError) -> Arguments {
    let options = BenchmarkOption.all(for: program)
    var arguments = Arguments()
    for option in options {
      try option.defaultValue.map { value throws(ArgumentError) in
        try option.apply(value, &arguments)
      }
    }
    var remaining = commandLine[...]
    var measuring: [String] = []
    var notComparing: [String] = []
    var onlyComparing: [String] = []
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.names.contains(name) }) else {
        throw ArgumentError(
          name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
      }
      if option.placeholder == nil, inlineValue != nil {
        throw ArgumentError("\(name) takes no value")
      }
      guard let value = option.placeholder == nil ? "" : inlineValue ?? remaining.popFirst() else {
        throw ArgumentError("\(name) needs a value")
      }
      try option.apply(value, &arguments)
      if option.measures {
        measuring.append(name)
      }
      if option.comparison == .excluded {
        notComparing.append(name)
      }
      if option.comparison == .only {
        onlyComparing.append(name)
      }
    }
    if arguments.inputPath != nil, let name = measuring.first {
      throw ArgumentError("--input reports a saved run, so it cannot take \(name)")
    }
    if arguments.comparePath == nil, let name = onlyComparing.first {
      throw ArgumentError("\(name) applies to --compare only")
    }
    if arguments.comparePath != nil {
      if let name = notComparing.first {
        throw ArgumentError(
          "--compare measures the store rows of two builds, so it cannot take \(name)")
      }
      if arguments.format == .svg {
        throw ArgumentError("--compare: --format svg draws a run; use table, json or markdown")
      }
      arguments.maxIterations = max(arguments.maxIterations, arguments.run.iterations)
    }
    return arguments
  }
}
