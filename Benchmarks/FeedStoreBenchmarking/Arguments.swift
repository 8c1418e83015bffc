import Foundation

/// The parsed command line of `feedstore-bench`.
///
/// Options take their value as the next argument or after `=`: `--sizes 100,1000` or
/// `--sizes=100,1000`. A repeated option keeps its last value.
struct Arguments: Equatable, Sendable {
  /// The largest feed size accepted, which keeps a typo from exhausting memory.
  static let maximumSize = 10_000_000

  /// Feed sizes, ascending, without duplicates.
  var sizes = [1_000, 10_000]
  /// Backends by registry name, in the order asked for; `nil` for all of them.
  var backends: [String]?
  /// Samples kept per row.
  var iterations = 20
  /// Samples discarded per row before them.
  var warmup = 3
  /// The sustained mode's counts.
  var sustained = SustainedConfiguration(inserts: 5_000, retrieveEvery: 100, readers: 2)
  /// How the report is written.
  var format = OutputFormat.table
  /// Where the report goes; standard output when `nil`.
  var outputPath: String?
  /// Where the run is also saved as JSON.
  var savePath: String?
  /// The saved run to compare with.
  var baselinePath: String?
  /// A saved run to report instead of measuring one.
  var inputPath: String?
  /// The relative p50 slow-down past which a store row regresses: 0.1 is 10%.
  var threshold = 0.10
  /// Whether each row's memory is measured in a child process.
  var measuresMemory = true
  /// Whether `--help` was given; nothing else is done then.
  var showsHelp = false

  /// Parses `arguments`, which exclude the executable's name.
  ///
  /// - Parameters:
  ///   - arguments: The command line.
  ///   - availableBackends: The names `--backends` may use, as the registry spells them.
  /// - Returns: The options, with defaults for those not given.
  /// - Throws: ``ArgumentError`` for an unknown option, a missing or malformed value, or an
  ///   unknown backend.
  static func parse(_ arguments: [String], availableBackends: [String]) throws(ArgumentError)
    -> Arguments
  {
    var parsed = Arguments()
    var remaining = arguments[...]
    var measuringOptions: [String] = []
    while let argument = remaining.popFirst() {
      let (option, inlineValue) = split(argument)
      if measuringOptionNames.contains(option) {
        measuringOptions.append(option)
      }
      func value() throws(ArgumentError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw ArgumentError("\(option) needs a value")
        }
        return next
      }
      if inlineValue != nil, ["--help", "--no-memory"].contains(option) {
        throw ArgumentError("\(option) takes no value")
      }
      switch option {
      case "-h", "--help": parsed.showsHelp = true
      case "--sizes": parsed.sizes = try sizes(try value())
      case "--backends": parsed.backends = try backends(try value(), available: availableBackends)
      case "--iterations": parsed.iterations = try count(try value(), of: option, minimum: 1)
      case "--warmup": parsed.warmup = try count(try value(), of: option, minimum: 0)
      case "--format": parsed.format = try format(try value())
      case "--output": parsed.outputPath = try path(try value(), of: option)
      case "--save": parsed.savePath = try path(try value(), of: option)
      case "--baseline": parsed.baselinePath = try path(try value(), of: option)
      case "--inserts":
        parsed.sustained.inserts = try count(try value(), of: option, minimum: 0)
      case "--retrieve-every":
        parsed.sustained.retrieveEvery = try count(try value(), of: option, minimum: 1)
      case "--readers":
        parsed.sustained.readers = try count(try value(), of: option, minimum: 0, maximum: 64)
      case "--threshold": parsed.threshold = try threshold(try value())
      case "--no-memory": parsed.measuresMemory = false
      case "--input": parsed.inputPath = try path(try value(), of: option)
      default:
        if option.hasPrefix("-") {
          throw ArgumentError("unknown option '\(option)'")
        }
        throw ArgumentError("unexpected argument '\(argument)'")
      }
    }
    if parsed.inputPath != nil, let option = measuringOptions.first {
      throw ArgumentError("--input reports a saved run, so it cannot take \(option)")
    }
    return parsed
  }

  /// The options that only mean something when the benchmark measures.
  private static let measuringOptionNames: Set = [
    "--sizes", "--backends", "--iterations", "--warmup", "--no-memory", "--inserts",
    "--retrieve-every", "--readers",
  ]

  /// `--name=value` as (`--name`, `value`); anything else as itself and no value.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The comma-separated items of `text`, trimmed; an empty item is refused, showing `usage`.
  private static func items(_ text: String, of option: String, usage: String)
    throws(ArgumentError) -> [String]
  {
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard !items.contains("") else {
      throw ArgumentError("\(option): '\(text)' has an empty item; use \(usage)")
    }
    return items
  }

  private static func sizes(_ text: String) throws(ArgumentError) -> [Int] {
    var sizes: Set<Int> = []
    for item in try items(text, of: "--sizes", usage: "N,N,... such as 1000,10000") {
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
    return sizes.sorted()
  }

  private static func backends(_ text: String, available: [String]) throws(ArgumentError)
    -> [String]
  {
    var chosen: [String] = []
    for item in try items(text, of: "--backends", usage: "NAME,NAME,...") {
      guard let name = available.first(where: { $0.lowercased() == item.lowercased() }) else {
        throw ArgumentError(
          "--backends: unknown backend '\(item)'; known backends: "
            + available.joined(separator: ", "))
      }
      if !chosen.contains(name) {
        chosen.append(name)
      }
    }
    return chosen
  }

  private static func count(
    _ text: String, of option: String, minimum: Int, maximum: Int = 100_000
  ) throws(ArgumentError) -> Int {
    guard let count = Int(text.trimmingCharacters(in: .whitespaces)), count >= minimum,
      count <= maximum
    else {
      throw ArgumentError(
        "\(option): '\(text)' is not a whole number from \(minimum) to \(maximum)")
    }
    return count
  }

  private static func format(_ text: String) throws(ArgumentError) -> OutputFormat {
    guard let format = OutputFormat(rawValue: text.lowercased()) else {
      let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw ArgumentError("--format: unknown format '\(text)'; use one of \(formats)")
    }
    return format
  }

  private static func path(_ text: String, of option: String) throws(ArgumentError) -> String {
    guard !text.isEmpty else {
      throw ArgumentError("\(option) needs a file path")
    }
    return text
  }

  /// `10%`, `10` and `2.5%` are percentages.
  private static func threshold(_ text: String) throws(ArgumentError) -> Double {
    var number = Substring(text.trimmingCharacters(in: .whitespaces))
    if number.hasSuffix("%") {
      number = number.dropLast()
    }
    guard let percent = Double(number), percent.isFinite, percent >= 0, percent <= 10_000 else {
      throw ArgumentError(
        "--threshold: '\(text)' is not a percentage from 0% to 10000%, such as 10%")
    }
    return percent / 100
  }
}

/// Arguments the benchmark cannot use; it prints the message and a usage line, and exits with 2.
struct ArgumentError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What is wrong, as a sentence for the user.
  let description: String

  /// Creates an error with a message for the user.
  init(_ description: String) {
    self.description = description
  }
}
