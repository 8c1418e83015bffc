import Foundation
import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct BenchmarkOptionTests {
  @Test func parse_withNoArguments_setsEachOptionsDefault() throws {
    var expected = Arguments()
    expected.run.sizes = [1_000, 10_000]
    expected.run.stores = ["InMemory", "JSONFile", "SQLite"]
    (expected.run.iterations, expected.run.warmup) = (20, 3)
    expected.run.sustained = SustainedConfiguration(inserts: 5_000, retrieveEvery: 100, readers: 2)
    (expected.threshold, expected.maxIterations) = (0.05, 100)

    let arguments = try Arguments.parse([], for: feedStoreBench)

    #expect(arguments == expected)
  }

  @Test func parse_withNoArguments_runsTheProgramsOwnStoresWithoutReferences() throws {
    let arguments = try Arguments.parse([], for: adopterBench)

    #expect(arguments.run.stores == ["ArrayFeedStore"])
    #expect(arguments.run.references == [])
  }

  /// Giving an option its own default changes nothing, so every default parses; one that only
  /// `--compare` takes is given with it.
  @Test(
    arguments: BenchmarkOption.all(for: feedStoreBench).filter { $0.defaultValue != nil }.map(
      \.name)
  )
  func parse_ofAnOptionWithItsDefault_changesNothing(_ name: String) throws {
    let options = BenchmarkOption.all(for: feedStoreBench)
    let option = try #require(options.first { $0.name == name })
    let context = option.comparison == .only ? ["--compare", Self.executable] : []

    let arguments = try Arguments.parse(
      context + [name, try #require(option.defaultValue)], for: feedStoreBench)

    #expect(arguments == (try Arguments.parse(context, for: feedStoreBench)))
  }

  @Test(arguments: accepted)
  func parse_setsWhatTheCommandLineAsks(_ input: Accepted) throws {
    var expected = try Arguments.parse([], for: input.program)
    input.change(&expected)

    let arguments = try Arguments.parse(input.arguments, for: input.program)

    #expect(arguments == expected)
  }

  @Test(arguments: refused)
  func parse_refusesBadInputWithAMessageNamingTheProblem(_ input: Refused) {
    #expect(throws: ArgumentError(input.message)) {
      try Arguments.parse(input.arguments, for: input.program)
    }
  }

  @Test(arguments: BenchmarkOption.all(for: feedStoreBench).map(\.name))
  func help_listsEachOptionWithItsPlaceholderAndDefault(_ name: String) throws {
    let option = try #require(BenchmarkOption.all(for: feedStoreBench).first { $0.name == name })

    let help = BenchmarkOption.help(for: feedStoreBench)

    let term = option.names.joined(separator: ", ") + (option.placeholder.map { " \($0)" } ?? "")
    #expect(help.contains("\n  \(term) "))
    #expect(option.defaultValue.map { help.contains("(default \($0)).") } ?? true)
  }

  /// Scripts and CI read the exit status: the help states each one's value as the code uses it.
  @Test(arguments: ExitCode.allCases)
  func help_statesEachExitStatusWithTheValueTheCodeUses(_ code: ExitCode) {
    let help = BenchmarkOption.help(for: feedStoreBench)

    #expect(help.contains("\n  \(code.rawValue) \(code.meaning)"))
  }

  @Test func help_isWhatDocsBenchmarksShows() throws {
    let docs = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../../docs/Benchmarks.md")

    let text = try String(contentsOf: docs, encoding: .utf8)

    #expect(text.contains("```text\n\(BenchmarkOption.help(for: feedStoreBench))\n```"))
  }

  @Test func help_ofAnAdoptersProgram_namesItsStoreAndTheReferencesItMayRun() {
    let help = BenchmarkOption.help(for: adopterBench)

    #expect(
      help.hasPrefix(
        "Benchmarks the insert and retrieve of N images in each store of this program "
          + "(ArrayFeedStore), and\nin the reference backends asked for,"))
    #expect(
      help.contains("or all:\n                        InMemory, JSONFile, SQLite; none by default.")
    )
    #expect(help.contains("\nusage: my-store-bench [OPTION]...\n"))
  }

  // MARK: - Cases

  /// A command line, and how parsing it changes the default arguments.
  struct Accepted: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let program: BenchmarkProgram
    let change: @Sendable (inout Arguments) -> Void
    var testDescription: String { "\(program.name) \(arguments.joined(separator: " "))" }

    init(
      _ arguments: [String], of program: BenchmarkProgram = feedStoreBench,
      _ change: @escaping @Sendable (inout Arguments) -> Void
    ) {
      (self.arguments, self.program, self.change) = (arguments, program, change)
    }
  }

  static let accepted = [
    Accepted(["--sizes", "10000,100,10000,1000"]) { $0.run.sizes = [100, 1_000, 10_000] },
    Accepted(["--sizes", " 100 , 200"]) { $0.run.sizes = [100, 200] },
    Accepted(["--sizes", "10000000"]) { $0.run.sizes = [BenchmarkOption.maximumSize] },
    Accepted(["--stores", "sqlite,INMEMORY"]) { $0.run.stores = ["SQLite", "InMemory"] },
    Accepted(["--stores", "JSONFile,jsonfile,JSONFILE"]) { $0.run.stores = ["JSONFile"] },
    Accepted(["--references", "sqlite"], of: adopterBench) { $0.run.references = ["SQLite"] },
    Accepted(["--references", "ALL"], of: adopterBench) {
      $0.run.references = ["InMemory", "JSONFile", "SQLite"]
    },
    Accepted(["--references=JSONFile,InMemory"], of: adopterBench) {
      $0.run.references = ["JSONFile", "InMemory"]
    },
    Accepted(["--iterations", "5"]) { $0.run.iterations = 5 },
    Accepted(["--warmup", "0"]) { $0.run.warmup = 0 },
    Accepted(["--inserts", "200", "--retrieve-every=7", "--readers", "3"]) {
      $0.run.sustained = SustainedConfiguration(inserts: 200, retrieveEvery: 7, readers: 3)
    },
    Accepted(["--inserts", "0", "--readers", "0"]) {
      ($0.run.sustained.inserts, $0.run.sustained.readers) = (0, 0)
    },
    Accepted(["--format", "JSON"]) { $0.format = .json },
    Accepted(["--format", "markdown"]) { $0.format = .markdown },
    Accepted(["--format=svg"]) { $0.format = .svg },
    Accepted(["--output", "report.md"]) { $0.outputPath = "report.md" },
    Accepted(["--save=run.json"]) { $0.savePath = "run.json" },
    Accepted(["--baseline", "base.json"]) { $0.baselinePath = "base.json" },
    Accepted(["--input", "run.json", "--format", "markdown"]) {
      ($0.inputPath, $0.format) = ("run.json", .markdown)
    },
    Accepted(["--threshold", "10%"]) { $0.threshold = 0.10 },
    Accepted(["--threshold", "10"]) { $0.threshold = 0.10 },
    Accepted(["--threshold=2.5%"]) { $0.threshold = 0.025 },
    Accepted(["--threshold", "0%"]) { $0.threshold = 0 },
    Accepted(["--compare", executable, "--sizes", "100", "--threshold", "3%"]) {
      ($0.comparePath, $0.run.sizes, $0.threshold) = (executable, [100], 0.03)
    },
    Accepted(["--compare", executable, "--max-iterations", "40", "--format", "json"]) {
      ($0.comparePath, $0.maxIterations, $0.format) = (executable, 40, .json)
    },
    // The most samples are never fewer than those every row takes before it is judged.
    Accepted(["--compare", executable, "--iterations", "150"]) {
      ($0.comparePath, $0.run.iterations, $0.maxIterations) = (executable, 150, 150)
    },
    Accepted(["--help"]) { $0.showsHelp = true },
    Accepted(["-h"]) { $0.showsHelp = true },
    Accepted(["--no-memory"]) { $0.run.measuresMemory = false },
    Accepted(["--iterations", "5", "--iterations", "9"]) { $0.run.iterations = 9 },
  ]

  /// A command line, and the whole message that refuses it.
  struct Refused: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let program: BenchmarkProgram
    let message: String
    var testDescription: String { "\(program.name) \(arguments.joined(separator: " "))" }

    init(_ arguments: [String], of program: BenchmarkProgram = feedStoreBench, _ message: String) {
      (self.arguments, self.program, self.message) = (arguments, program, message)
    }
  }

  /// An executable file every machine that runs these tests has, for `--compare`'s check.
  static let executable = "/bin/sh"

  static let refused = [
    Refused(["--verbose"], "unknown option '--verbose'"),
    Refused(["-v"], "unknown option '-v'"),
    Refused(["1000"], "unexpected argument '1000'"),
    Refused(["--sizes"], "--sizes needs a value"),
    Refused(["--sizes", "10", "--threshold"], "--threshold needs a value"),
    Refused(["--output", ""], "--output needs a file path"),
    Refused(["--baseline="], "--baseline needs a file path"),
    Refused(
      ["--stores", "sqlite,CoreData"],
      "--stores: unknown store 'CoreData'; known stores: InMemory, JSONFile, SQLite"),
    Refused(
      ["--stores", ""], "--stores: '' has an empty item; use NAME,... such as InMemory,JSONFile"),
    Refused(
      ["--stores", "all"], "--stores: unknown store 'all'; known stores: InMemory, JSONFile, SQLite"
    ),
    Refused(
      ["--references", "Realm"], of: adopterBench,
      "--references: unknown reference 'Realm'; known references: InMemory, JSONFile, SQLite"),
    Refused(
      ["--references", "SQLite"], of: storeOnlyBench,
      "--references: this program has no reference backends; its main gets them with "
        + "BenchmarkCommand.main(benchmarking:references:)"),
    Refused(["--sizes", "0"], "--sizes: a feed needs at least 1 image, not 0"),
    Refused(["--sizes", "-5"], "--sizes: a feed needs at least 1 image, not -5"),
    Refused(["--sizes", "1000,ten"], "--sizes: 'ten' is not a number of images"),
    Refused(["--sizes", "10000001"], "--sizes: 10000001 is more than the 10000000 images allowed"),
    Refused(
      ["--sizes", "100,,1000"],
      "--sizes: '100,,1000' has an empty item; use N,... such as 1000,10000"),
    Refused(["--iterations", "0"], "--iterations: '0' is not a whole number from 1 to 100000"),
    Refused(
      ["--iterations", "many"], "--iterations: 'many' is not a whole number from 1 to 100000"),
    Refused(
      ["--iterations", "100001"], "--iterations: '100001' is not a whole number from 1 to 100000"),
    Refused(["--warmup", "-1"], "--warmup: '-1' is not a whole number from 0 to 100000"),
    Refused(["--inserts", "-1"], "--inserts: '-1' is not a whole number from 0 to 100000"),
    Refused(
      ["--retrieve-every", "0"], "--retrieve-every: '0' is not a whole number from 1 to 100000"),
    Refused(["--readers", "65"], "--readers: '65' is not a whole number from 0 to 64"),
    Refused(
      ["--format", "xml"], "--format: unknown format 'xml'; use one of table, json, markdown, svg"),
    Refused(
      ["--threshold", "-5%"],
      "--threshold: '-5%' is not a percentage from 0% to 10000%, such as 10%"),
    Refused(
      ["--threshold", "%"], "--threshold: '%' is not a percentage from 0% to 10000%, such as 10%"),
    Refused(
      ["--threshold", "nan"],
      "--threshold: 'nan' is not a percentage from 0% to 10000%, such as 10%"),
    Refused(
      ["--threshold", "10001%"],
      "--threshold: '10001%' is not a percentage from 0% to 10000%, such as 10%"),
    Refused(["--help=yes"], "--help takes no value"),
    Refused(["--no-memory=true"], "--no-memory takes no value"),
    Refused(
      ["--input", "run.json", "--inserts", "10"],
      "--input reports a saved run, so it cannot take --inserts"),
    Refused(
      ["--sizes", "10", "--input", "run.json"],
      "--input reports a saved run, so it cannot take --sizes"),
    Refused(["--save", "/"], "--save: '/' is a directory"),
    Refused(
      ["--compare", "/no/such/bench"], "--compare: '/no/such/bench' is not an executable file"),
    Refused(["--compare="], "--compare needs a file path"),
    Refused(["--max-iterations", "50"], "--max-iterations applies to --compare only"),
    Refused(
      ["--compare", executable, "--max-iterations", "0"],
      "--max-iterations: '0' is not a whole number from 1 to 100000"),
    Refused(
      ["--compare", executable, "--inserts", "0"],
      "--compare measures the store rows of two builds, so it cannot take --inserts"),
    Refused(
      ["--compare", executable, "--baseline", "base.json"],
      "--compare measures the store rows of two builds, so it cannot take --baseline"),
    Refused(
      ["--compare", executable, "--format", "svg"],
      "--compare: --format svg draws a run; use table, json or markdown"),
    Refused(
      ["--output", "/no-such-directory/report.md"],
      "--output: cannot write to '/no-such-directory/report.md': its directory is missing or read-only"
    ),
  ]
}
