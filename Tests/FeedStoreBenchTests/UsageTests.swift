import Testing

@testable import FeedStoreBenchmarking

@Suite struct UsageTests {
  static let documentedOptions = [
    "--sizes", "--backends", "--iterations", "--warmup", "--inserts", "--retrieve-every",
    "--readers", "--format", "--output", "--save", "--baseline", "--threshold", "--no-memory",
    "--input", "--help",
  ]

  @Test(arguments: documentedOptions)
  func synopsis_namesEachOption(_ option: String) {
    let synopsis = Usage.synopsis

    #expect(synopsis.contains("[\(option)"))
  }

  @Test(arguments: documentedOptions)
  func help_describesEachOption(_ option: String) {
    let help = Usage.help(backends: ["InMemory"])

    #expect(help.contains("\n  \(option) ") || help.contains(", \(option) "))
  }

  /// A documented option that `Arguments.parse` does not know would fail only when someone uses it.
  @Test(arguments: documentedOptions)
  func parse_knowsEachDocumentedOption(_ option: String) {
    var message: String?
    do throws(ArgumentError) {
      _ = try Arguments.parse([option], availableBackends: ["InMemory"])
    } catch {
      message = error.description
    }

    #expect(message?.contains("unknown option") != true, "message was: \(message ?? "")")
  }

  @Test func synopsis_listsEveryFormat() {
    let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: "|")

    let synopsis = Usage.synopsis

    #expect(synopsis.contains("[--format \(formats)]"))
  }

  @Test func help_showsTheDefaultsArgumentsUses() {
    let defaults = Arguments()

    let help = Usage.help(backends: ["InMemory", "SQLite"])

    #expect(help.contains("(default \(defaults.sizes.map(String.init).joined(separator: ",")))"))
    #expect(help.contains("(default all: InMemory,SQLite)"))
    #expect(help.contains("(default \(defaults.iterations))"))
    #expect(help.contains("(default \(defaults.warmup))"))
    #expect(help.contains("(default 10%)"))
    #expect(help.contains("(default \(defaults.sustained.inserts);"))
    #expect(help.contains("(default \(defaults.sustained.retrieveEvery))"))
    #expect(help.contains("(default \(defaults.sustained.readers);"))
  }

  /// Scripts and CI read the exit status: the help states each one's value as the code uses it.
  @Test(arguments: ExitCode.allCases)
  func help_statesEachExitStatusWithTheValueTheCodeUses(_ code: ExitCode) {
    let help = Usage.help(backends: ["InMemory"])

    #expect(help.contains("\(code.rawValue) \(code.meaning)"))
  }
}
