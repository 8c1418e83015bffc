import Testing

@testable import FeedStoreBenchmarking

@Suite struct ArgumentsTests {
  // MARK: - Defaults

  @Test func parse_withNoArguments_keepsTheDefaults() throws {
    let arguments = try parse([])

    #expect(arguments.sizes == [1_000, 10_000])
    #expect(arguments.backends == nil)
    #expect(arguments.iterations == 20)
    #expect(arguments.warmup == 3)
    #expect(arguments.format == .table)
    #expect(arguments.outputPath == nil)
    #expect(arguments.savePath == nil)
    #expect(arguments.baselinePath == nil)
    #expect(arguments.inputPath == nil)
    #expect(arguments.threshold == 0.10)
    #expect(arguments.measuresMemory)
    #expect(!arguments.showsHelp)
    #expect(
      arguments.sustained == SustainedConfiguration(inserts: 5_000, retrieveEvery: 100, readers: 2))
  }

  // MARK: - Sustained mode

  @Test func parse_readsTheSustainedModesCounts() throws {
    let arguments = try parse(["--inserts", "200", "--retrieve-every=7", "--readers", "3"])

    #expect(
      arguments.sustained == SustainedConfiguration(inserts: 200, retrieveEvery: 7, readers: 3))
  }

  @Test func parse_acceptsZeroInsertsAndZeroReadersToSkipThem() throws {
    let arguments = try parse(["--inserts", "0", "--readers", "0"])

    #expect(arguments.sustained.inserts == 0)
    #expect(arguments.sustained.readerPhaseInserts == 0)
  }

  // MARK: - Sizes

  @Test func parse_readsSizes() throws {
    let arguments = try parse(["--sizes", "1000,10000"])

    #expect(arguments.sizes == [1_000, 10_000])
  }

  @Test func parse_sortsSizesAndDropsDuplicates() throws {
    let arguments = try parse(["--sizes", "10000,100,10000,1000"])

    #expect(arguments.sizes == [100, 1_000, 10_000])
  }

  @Test func parse_trimsSpacesAroundSizes() throws {
    let arguments = try parse(["--sizes", " 100 , 200"])

    #expect(arguments.sizes == [100, 200])
  }

  @Test func parse_acceptsTheLargestSizeAllowed() throws {
    let arguments = try parse(["--sizes", "\(Arguments.maximumSize)"])

    #expect(arguments.sizes == [Arguments.maximumSize])
  }

  // MARK: - Backends

  @Test func parse_matchesBackendsCaseInsensitivelyAndKeepsTheRegistrySpelling() throws {
    let arguments = try parse(["--backends", "sqlite,INMEMORY"])

    #expect(arguments.backends == ["SQLite", "InMemory"])
  }

  @Test func parse_dropsRepeatedBackends() throws {
    let arguments = try parse(["--backends", "JSONFile,jsonfile,JSONFILE"])

    #expect(arguments.backends == ["JSONFile"])
  }

  // MARK: - Sampling

  @Test func parse_readsIterations() throws {
    let arguments = try parse(["--iterations", "5"])

    #expect(arguments.iterations == 5)
  }

  @Test func parse_readsWarmup() throws {
    let arguments = try parse(["--warmup", "7"])

    #expect(arguments.warmup == 7)
  }

  @Test func parse_acceptsZeroWarmup() throws {
    let arguments = try parse(["--warmup", "0"])

    #expect(arguments.warmup == 0)
  }

  // MARK: - Format

  @Test(arguments: OutputFormat.allCases)
  func parse_readsEachFormat(_ format: OutputFormat) throws {
    let arguments = try parse(["--format", format.rawValue])

    #expect(arguments.format == format)
  }

  @Test func parse_readsFormatCaseInsensitively() throws {
    let arguments = try parse(["--format", "JSON"])

    #expect(arguments.format == .json)
  }

  // MARK: - Files

  @Test func parse_readsOutputPath() throws {
    let arguments = try parse(["--output", "report.md"])

    #expect(arguments.outputPath == "report.md")
  }

  @Test func parse_readsSavePath() throws {
    let arguments = try parse(["--save", "run.json"])

    #expect(arguments.savePath == "run.json")
  }

  @Test func parse_readsBaselinePath() throws {
    let arguments = try parse(["--baseline", "baseline.json"])

    #expect(arguments.baselinePath == "baseline.json")
  }

  @Test func parse_readsInputPath() throws {
    let arguments = try parse(["--input", "run.json", "--format", "markdown"])

    #expect(arguments.inputPath == "run.json")
    #expect(arguments.format == .markdown)
  }

  // MARK: - Threshold

  @Test func parse_readsThresholdWithPercentSign() throws {
    let arguments = try parse(["--threshold", "10%"])

    #expect(arguments.threshold == 0.10)
  }

  @Test func parse_readsThresholdWithoutPercentSignAsPercent() throws {
    let arguments = try parse(["--threshold", "10"])

    #expect(arguments.threshold == 0.10)
  }

  @Test func parse_readsFractionalThreshold() throws {
    let arguments = try parse(["--threshold", "2.5%"])

    #expect(arguments.threshold == 0.025)
  }

  @Test func parse_acceptsZeroThreshold() throws {
    let arguments = try parse(["--threshold", "0%"])

    #expect(arguments.threshold == 0)
  }

  // MARK: - Flags

  @Test(arguments: ["--help", "-h"])
  func parse_readsHelp(_ flag: String) throws {
    let arguments = try parse([flag])

    #expect(arguments.showsHelp)
  }

  @Test func parse_readsNoMemory() throws {
    let arguments = try parse(["--no-memory"])

    #expect(!arguments.measuresMemory)
  }

  // MARK: - Option forms

  @Test func parse_readsValueAfterEqualsSign() throws {
    let arguments = try parse([
      "--sizes=100,200", "--backends=sqlite", "--iterations=4", "--warmup=1", "--format=svg",
      "--output=out.svg", "--save=run.json", "--baseline=base.json", "--threshold=5%",
    ])

    #expect(arguments.sizes == [100, 200])
    #expect(arguments.backends == ["SQLite"])
    #expect(arguments.iterations == 4)
    #expect(arguments.warmup == 1)
    #expect(arguments.format == .svg)
    #expect(arguments.outputPath == "out.svg")
    #expect(arguments.savePath == "run.json")
    #expect(arguments.baselinePath == "base.json")
    #expect(arguments.threshold == 0.05)
  }

  @Test func parse_keepsTheLastValueOfARepeatedOption() throws {
    let arguments = try parse(["--iterations", "5", "--iterations", "9"])

    #expect(arguments.iterations == 9)
  }

  // MARK: - Bad input

  @Test(arguments: badInputs)
  func parse_rejectsBadInputWithAMessageNamingTheProblem(_ input: BadInput) throws {
    let error = try #require(parseError(input.arguments))

    #expect(
      error.description.contains(input.expectedMessage),
      "message was: \(error.description)")
  }

  /// A command line `parse` refuses, and a part of the message that must name the problem.
  struct BadInput: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let expectedMessage: String

    var testDescription: String { name }
  }

  static let badInputs: [BadInput] = [
    BadInput(
      name: "unknown flag", arguments: ["--verbose"],
      expectedMessage: "unknown option '--verbose'"),
    BadInput(
      name: "unknown short flag", arguments: ["-v"], expectedMessage: "unknown option '-v'"),
    BadInput(
      name: "stray argument", arguments: ["1000"], expectedMessage: "unexpected argument '1000'"),
    BadInput(
      name: "missing sizes value", arguments: ["--sizes"], expectedMessage: "--sizes needs a value"
    ),
    BadInput(
      name: "missing backends value", arguments: ["--backends"],
      expectedMessage: "--backends needs a value"),
    BadInput(
      name: "missing iterations value", arguments: ["--iterations"],
      expectedMessage: "--iterations needs a value"),
    BadInput(
      name: "missing format value", arguments: ["--format"],
      expectedMessage: "--format needs a value"),
    BadInput(
      name: "missing threshold value", arguments: ["--sizes", "10", "--threshold"],
      expectedMessage: "--threshold needs a value"),
    BadInput(
      name: "empty output path", arguments: ["--output", ""],
      expectedMessage: "--output needs a file path"),
    BadInput(
      name: "empty baseline path", arguments: ["--baseline="],
      expectedMessage: "--baseline needs a file path"),
    BadInput(
      name: "unknown backend", arguments: ["--backends", "Realm"],
      expectedMessage: "unknown backend 'Realm'; known backends: InMemory, JSONFile, SQLite"),
    BadInput(
      name: "unknown backend among known ones", arguments: ["--backends", "sqlite,CoreData"],
      expectedMessage: "unknown backend 'CoreData'"),
    BadInput(
      name: "empty backend list", arguments: ["--backends", ""],
      expectedMessage: "--backends: '' has an empty item"),
    BadInput(
      name: "size 0", arguments: ["--sizes", "0"],
      expectedMessage: "a feed needs at least 1 image, not 0"),
    BadInput(
      name: "negative size", arguments: ["--sizes", "-5"],
      expectedMessage: "a feed needs at least 1 image, not -5"),
    BadInput(
      name: "non-numeric size", arguments: ["--sizes", "1000,ten"],
      expectedMessage: "--sizes: 'ten' is not a number"),
    BadInput(
      name: "size above the maximum", arguments: ["--sizes", "10000001"],
      expectedMessage: "--sizes: 10000001 is more than the 10000000 images allowed"),
    BadInput(
      name: "empty size list", arguments: ["--sizes", ""],
      expectedMessage: "--sizes: '' has an empty item"),
    BadInput(
      name: "empty item in size list", arguments: ["--sizes", "100,,1000"],
      expectedMessage: "--sizes: '100,,1000' has an empty item"),
    BadInput(
      name: "zero iterations", arguments: ["--iterations", "0"],
      expectedMessage: "--iterations: '0' is not a whole number from 1 to 100000"),
    BadInput(
      name: "non-numeric iterations", arguments: ["--iterations", "many"],
      expectedMessage: "--iterations: 'many' is not a whole number"),
    BadInput(
      name: "too many iterations", arguments: ["--iterations", "100001"],
      expectedMessage: "--iterations: '100001' is not a whole number"),
    BadInput(
      name: "negative warmup", arguments: ["--warmup", "-1"],
      expectedMessage: "--warmup: '-1' is not a whole number from 0 to 100000"),
    BadInput(
      name: "unknown format", arguments: ["--format", "xml"],
      expectedMessage: "--format: unknown format 'xml'; use one of table, json, markdown, svg"),
    BadInput(
      name: "non-numeric threshold", arguments: ["--threshold", "lots"],
      expectedMessage: "--threshold: 'lots' is not a percentage"),
    BadInput(
      name: "negative threshold", arguments: ["--threshold", "-5%"],
      expectedMessage: "--threshold: '-5%' is not a percentage"),
    BadInput(
      name: "threshold of only a percent sign", arguments: ["--threshold", "%"],
      expectedMessage: "--threshold: '%' is not a percentage"),
    BadInput(
      name: "threshold not a finite number", arguments: ["--threshold", "nan"],
      expectedMessage: "--threshold: 'nan' is not a percentage"),
    BadInput(
      name: "threshold above the maximum", arguments: ["--threshold", "10001%"],
      expectedMessage: "--threshold: '10001%' is not a percentage from 0% to 10000%"),
    BadInput(
      name: "value given to --help", arguments: ["--help=yes"],
      expectedMessage: "--help takes no value"),
    BadInput(
      name: "value given to --no-memory", arguments: ["--no-memory=true"],
      expectedMessage: "--no-memory takes no value"),
    BadInput(
      name: "negative inserts", arguments: ["--inserts", "-1"],
      expectedMessage: "--inserts: '-1' is not a whole number from 0 to 100000"),
    BadInput(
      name: "retrieve every 0 inserts", arguments: ["--retrieve-every", "0"],
      expectedMessage: "--retrieve-every: '0' is not a whole number from 1 to 100000"),
    BadInput(
      name: "too many readers", arguments: ["--readers", "65"],
      expectedMessage: "--readers: '65' is not a whole number from 0 to 64"),
    BadInput(
      name: "sustained option with --input",
      arguments: ["--input", "run.json", "--inserts", "10"],
      expectedMessage: "--input reports a saved run, so it cannot take --inserts"),
    BadInput(
      name: "measuring option with --input", arguments: ["--input", "run.json", "--sizes", "10"],
      expectedMessage: "--input reports a saved run, so it cannot take --sizes"),
  ]

  // MARK: - Helpers

  private static let availableBackends = ["InMemory", "JSONFile", "SQLite"]

  private func parse(_ commandLine: [String]) throws -> Arguments {
    try Arguments.parse(commandLine, availableBackends: Self.availableBackends)
  }

  /// The error `parse` throws for `commandLine`, or `nil` when it accepts it.
  private func parseError(_ commandLine: [String]) -> ArgumentError? {
    do throws(ArgumentError) {
      _ = try Arguments.parse(commandLine, availableBackends: Self.availableBackends)
      return nil
    } catch {
      return error
    }
  }
}
