import Foundation

/// One option of a benchmark program, a row of ``all(for:)``: the table that parsing, the
/// defaults, the error messages and `--help` all come from.
struct BenchmarkOption: Sendable {
  /// The option's names, the long one last: `--sizes`, or `-h` and `--help`.
  let names: [String]
  /// What its value looks like, such as `N,...`; `nil` for a flag, which takes none.
  let placeholder: String?
  /// The value it has when not given, as a command line would give it.
  var defaultValue: String?
  /// Whether it sets what is measured, so that `--input`, which measures nothing, refuses it.
  var measures = false
  /// Whether `--compare` takes it.
  var comparison = ComparisonUse.allowed
  /// What it does, as `--help` prints it before the default.
  let help: String
  /// Checks the option's value (empty for a flag) and sets it in the arguments.
  let apply: @Sendable (_ value: String, _ arguments: inout Arguments) throws(ArgumentError) -> Void

  var name: String { names.last ?? "" }

  /// How an option goes with `--compare`.
  enum ComparisonUse: Sendable {
    case allowed
    /// It sets what a comparison does not measure, or reads or writes a run.
    case excluded
    /// It means something to `--compare` only.
    case only
  }

  /// Every option of `program`, in the order `--help` lists them.
  static func all(for program: BenchmarkProgram) -> [BenchmarkOption] {
    [
      BenchmarkOption(
        names: ["--sizes"], placeholder: "N,...", defaultValue: "1000,10000", measures: true,
        help:
          "Feed sizes in images; with two or more, a scaling section flags rows that grow worse "
          + "than linearly"
      ) { text, arguments throws(ArgumentError) in
        var sizes: Set<Int> = []
        for item in try items(of: "--sizes", text, hint: "N,... such as 1000,10000") {
          guard let size = Int(item) else {
            throw ArgumentError("--sizes: '\(item)' is not a number of images")
          }
          guard size > 0 else {
            throw ArgumentError("--sizes: a feed needs at least 1 image, not \(size)")
          }
          guard size <= maximumSize else {
            throw ArgumentError("--sizes: \(size) is more than the \(maximumSize) images allowed")
          }
          sizes.insert(size)
        }
        arguments.run.sizes = sizes.sorted()
      },
      BenchmarkOption(
        names: ["--stores"], placeholder: "NAME,...",
        defaultValue: program.stores.map(\.name).joined(separator: ","), measures: true,
        help: "Stores to run, case-insensitive"
      ) { text, arguments throws(ArgumentError) in
        arguments.run.stores = try names(
          of: "--stores", text, among: program.stores, kind: "store", allowsAll: false)
      },
      BenchmarkOption(
        names: ["--references"], placeholder: "NAME,...", measures: true,
        help: program.references.isEmpty
          ? "Reference backends to run beside the stores; this program has none"
          : "Reference backends to run beside the stores, case-insensitive, or all: "
            + program.references.map(\.name).joined(separator: ", ") + "; none by default"
      ) { text, arguments throws(ArgumentError) in
        guard !program.references.isEmpty else {
          throw ArgumentError(
            "--references: this program has no reference backends; its main gets them with "
              + "BenchmarkCommand.main(benchmarking:references:)")
        }
        arguments.run.references = try names(
          of: "--references", text, among: program.references, kind: "reference", allowsAll: true)
      },
      count("--iterations", "N", \.iterations, 1...100_000, "20", "Samples kept per row"),
      count(
        "--warmup", "N", \.warmup, 0...100_000, "3", "Samples run and discarded per row before them"
      ),
      count(
        "--inserts", "N", \.sustained.inserts, 0...100_000, "5000",
        "Sustained mode: successive inserts into one store of each; 0 skips the mode",
        comparison: .excluded),
      count(
        "--retrieve-every", "K", \.sustained.retrieveEvery, 1...100_000, "100",
        "Sustained mode: a retrieve, checked against the feed just inserted, after every K inserts",
        comparison: .excluded),
      count(
        "--readers", "N", \.sustained.readers, 0...64, "2",
        "Sustained mode: readers that retrieve in a loop while "
          + "1/\(SustainedConfiguration.readerPhaseDivisor) as many more inserts run; 0 skips them",
        comparison: .excluded),
      BenchmarkOption(
        names: ["--format"], placeholder: "FORMAT", defaultValue: "table",
        help:
          "How the report is written: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) "
          + "(json is the run as --save writes it, svg a chart of cost per image against N)"
      ) { text, arguments throws(ArgumentError) in
        guard let format = OutputFormat(rawValue: text.lowercased()) else {
          let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
          throw ArgumentError("--format: unknown format '\(text)'; use one of \(formats)")
        }
        arguments.format = format
      },
      path(
        "--output", \.outputPath, writes: true,
        "Write the report to FILE instead of standard output"),
      path(
        "--save", \.savePath, writes: true,
        "Also write the run as JSON to FILE, for a later --baseline or --input",
        comparison: .excluded),
      BenchmarkOption(
        names: ["--compare"], placeholder: "FILE",
        help:
          "Measure this build against another build of this program, the executable FILE (such "
          + "as main's), in batches of rounds that alternate between new workers of the two, with "
          + "the other build against itself as a noise control; exit "
          + "\(ExitCode.regression.rawValue) when a store row regressed past the threshold, "
          + "\(ExitCode.undecided.rawValue) when the samples or the control could not decide"
      ) { text, arguments throws(ArgumentError) in
        guard !text.isEmpty else { throw ArgumentError("--compare needs a file path") }
        guard FileManager.default.isExecutableFile(atPath: text) else {
          throw ArgumentError("--compare: '\(text)' is not an executable file")
        }
        arguments.comparePath = text
      },
      BenchmarkOption(
        names: ["--max-iterations"], placeholder: "N", defaultValue: "100", comparison: .only,
        help:
          "--compare: the most samples per row and build; rows not yet decided get more batches, "
          + "up to N (at least --iterations, in whole batches of 6)"
      ) { text, arguments throws(ArgumentError) in
        guard let count = Int(text.trimmingCharacters(in: .whitespaces)),
          (1...100_000).contains(count)
        else {
          throw ArgumentError("--max-iterations: '\(text)' is not a whole number from 1 to 100000")
        }
        arguments.maxIterations = count
      },
      path(
        "--baseline", \.baselinePath,
        "Compare each row's p50 with the run saved in FILE; exit \(ExitCode.regression.rawValue) "
          + "when a store row is slower by more than the threshold, beyond both runs' noise",
        comparison: .excluded),
      BenchmarkOption(
        names: ["--threshold"], placeholder: "PERCENT", defaultValue: "5%",
        help: "The smallest change that counts as a regression, for --compare and --baseline"
      ) { text, arguments throws(ArgumentError) in
        let number = text.trimmingCharacters(in: .whitespaces)
        guard let percent = Double(number.hasSuffix("%") ? String(number.dropLast()) : number),
          percent.isFinite, (0...10_000).contains(percent)
        else {
          throw ArgumentError(
            "--threshold: '\(text)' is not a percentage from 0% to 10000%, such as 10%")
        }
        arguments.threshold = percent / 100
      },
      BenchmarkOption(
        names: ["--no-memory"], placeholder: nil, measures: true, comparison: .excluded,
        help: "Skip the memory probes (one child process per row)"
      ) { _, arguments in arguments.run.measuresMemory = false },
      path(
        "--input", \.inputPath, "Report the run saved in FILE instead of measuring",
        comparison: .excluded),
      BenchmarkOption(names: ["-h", "--help"], placeholder: nil, help: "Show this help") {
        $1.showsHelp = true
      },
    ]
  }

  /// The largest feed size accepted, which keeps a typo from exhausting memory.
  static let maximumSize = 10_000_000

  /// A whole number of the run's configuration, within `range`.
  private static func count(
    _ name: String, _ placeholder: String,
    _ keyPath: WritableKeyPath<RunConfiguration, Int> & Sendable,
    _ range: ClosedRange<Int>, _ defaultValue: String, _ help: String,
    comparison: ComparisonUse = .allowed
  ) -> BenchmarkOption {
    BenchmarkOption(
      names: [name], placeholder: placeholder, defaultValue: defaultValue, measures: true,
      comparison: comparison, help: help
    ) { text, arguments throws(ArgumentError) in
      guard let count = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(count) else {
        throw ArgumentError(
          "\(name): '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)"
        )
      }
      arguments.run[keyPath: keyPath] = count
    }
  }

  /// A file path, which must not be empty; a file the benchmark `writes` must not be a directory
  /// and must be in a writable one, so that a bad path fails before anything is measured.
  private static func path(
    _ name: String, _ keyPath: WritableKeyPath<Arguments, String?> & Sendable, writes: Bool = false,
    _ help: String, comparison: ComparisonUse = .allowed
  ) -> BenchmarkOption {
    BenchmarkOption(names: [name], placeholder: "FILE", comparison: comparison, help: help) {
      text, arguments throws(ArgumentError) in
      guard !text.isEmpty else { throw ArgumentError("\(name) needs a file path") }
      var isDirectory: ObjCBool = false
      if writes, FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        throw ArgumentError("\(name): '\(text)' is a directory")
      }
      let directory = URL(filePath: text).deletingLastPathComponent().path(percentEncoded: false)
      guard !writes || FileManager.default.isWritableFile(atPath: directory) else {
        throw ArgumentError(
          "\(name): cannot write to '\(text)': its directory is missing or read-only")
      }
      arguments[keyPath: keyPath] = text
    }
  }

  /// The comma-separated items of `text`, trimmed; an empty item is refused, showing `hint`.
  private static func items(of name: String, _ text: String, hint: String) throws(ArgumentError)
    -> [String]
  {
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard !items.contains("") else {
      throw ArgumentError("\(name): '\(text)' has an empty item; use \(hint)")
    }
    return items
  }

  /// The names `text` selects among `stores`, spelled as the stores spell them, each once, in
  /// the order given; `all` selects every one when `allowsAll`.
  private static func names(
    of name: String, _ text: String, among stores: [BenchmarkedStore], kind: String,
    allowsAll: Bool
  ) throws(ArgumentError) -> [String] {
    if allowsAll, text.trimmingCharacters(in: .whitespaces).lowercased() == "all" {
      return stores.map(\.name)
    }
    var selected: [String] = []
    let example = stores.prefix(2).map(\.name).joined(separator: ",")
    for item in try items(of: name, text, hint: "NAME,... such as \(example)") {
      guard
        let store = stores.first(where: { $0.name.caseInsensitiveCompare(item) == .orderedSame })
      else {
        let known = stores.map(\.name).joined(separator: ", ")
        throw ArgumentError("\(name): unknown \(kind) '\(item)'; known \(kind)s: \(known)")
      }
      if !selected.contains(store.name) {
        selected.append(store.name)
      }
    }
    return selected
  }

  /// The synopsis of `program`, printed with every argument error.
  static func synopsis(of program: BenchmarkProgram) -> String {
    "usage: \(program.name) [OPTION]..."
  }

  /// The full help of `program`.
  static func help(for program: BenchmarkProgram) -> String {
    let all = all(for: program)
    let options = all.map { option in
      let term = option.names.joined(separator: ", ") + (option.placeholder.map { " \($0)" } ?? "")
      let text = option.help + (option.defaultValue.map { " (default \($0))" } ?? "") + "."
      return wrapped(text, after: "  " + pad(term, to: 22))
    }
    let measuring = all.filter(\.measures).map(\.name).joined(separator: ", ")
    let notComparing = all.filter { $0.comparison == .excluded }.map(\.name)
      .joined(separator: ", ")
    let floors = WorkloadCatalog.entries(floors: program.storeFloors, stores: [])
      .filter { $0.id.kind == .floor }.map(\.id.name).joined(separator: ", ")
    let introduction =
      "Benchmarks the insert and retrieve of N images in each store of this program ("
      + program.stores.map(\.name).joined(separator: ", ") + ")"
      + (program.references.isEmpty ? "" : ", and in the reference backends asked for,")
      + " against floors measured on the same images (\(floors)) and against JSONEncoder and "
      + "JSONDecoder; then inserts thousands of feeds into one store of each (sustained mode)."
    return """
      \(wrapped(introduction, after: ""))

      \(synopsis(of: program))

      Options:
      \(options.joined(separator: "\n"))

      \(wrapped("--input takes none of the options that measure: \(measuring).", after: ""))
      \(wrapped("--compare takes none of: \(notComparing).", after: ""))
      Progress goes to standard error. Exit status:
      \(ExitCode.allCases.map { "  \($0.rawValue) \($0.meaning)" }.joined(separator: "\n"))
      """
  }

  /// The words of `text` after `lead`, in lines of at most 100 columns, continuations under the
  /// first word.
  private static func wrapped(_ text: String, after lead: String) -> String {
    var lines = [lead]
    for word in text.split(separator: " ") {
      let line = lines[lines.count - 1]
      if line.count > lead.count, line.count + 1 + word.count > 100 {
        lines.append(String(repeating: " ", count: lead.count) + word)
      } else {
        lines[lines.count - 1] += (line.count > lead.count ? " " : "") + word
      }
    }
    return lines.joined(separator: "\n")
  }

  private static func pad(_ text: String, to width: Int) -> String {
    text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
  }
}
