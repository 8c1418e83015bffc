import Foundation
import Testing

@testable import FeedStoreBenchmarkCore

@Suite(.resamplingByProfile) struct RunReportLoadTests {
  @Test(arguments: refused)
  func load_refusesAFileThatIsNotAUsableSavedRun(_ input: Refused) throws {
    try withDirectory { directory in
      let path = try input.write(directory)

      #expect(throws: ArgumentError("--baseline: '\(path)' \(input.problem)")) {
        try RunReport.load(from: path, for: "--baseline")
      }
    }
  }

  @Test func load_readsARunSavedAsJSON() throws {
    let saved = makeReport(rows: [
      makeRow(.writeFloor, size: 1_000, p50: 2_000_000),
      makeRow(.store("SQLite", .insert), size: 1_000, p50: 3_000_000),
    ])

    let loaded = try withDirectory { directory in
      let file = directory.appending(path: "run.json")
      try Data(try OutputFormat.json.render(saved).utf8).write(to: file)
      return try RunReport.load(from: file.path(percentEncoded: false), for: "--input")
    }

    #expect(loaded?.startedAt == saved.startedAt)
    #expect(loaded?.rows.map(\.id) == saved.rows.map(\.id))
    #expect(loaded?.rows.map(\.summary) == saved.rows.map(\.summary))
  }

  @Test func load_ofNoPath_isNoRun() throws {
    #expect(try RunReport.load(from: nil, for: "--input") == nil)
  }

  // MARK: - Helpers

  /// What is at the path, and the end of the message that refuses it.
  struct Refused: CustomTestStringConvertible, Sendable {
    let name: String
    let contents: String?
    let problem: String
    var testDescription: String { name }

    /// Writes `contents`, if any, to a file in `directory`, and returns the file's path.
    func write(_ directory: URL) throws -> String {
      let file = directory.appending(path: "run.json")
      try contents.map { try Data($0.utf8).write(to: file) }
      return file.path(percentEncoded: false)
    }
  }

  static let refused = [
    Refused(name: "a missing file", contents: nil, problem: "does not exist"),
    Refused(
      name: "not JSON", contents: "this is not { json",
      problem: "is not a run saved by --save"),
    Refused(
      name: "JSON without a schema version", contents: #"{"tool": "something else"}"#,
      problem: "is not a run saved by --save"),
    Refused(
      name: "another schema version",
      contents: #"{"schemaVersion": \#(RunReport.currentSchemaVersion + 1)}"#,
      problem: "has schema version \(RunReport.currentSchemaVersion + 1); this tool reads "
        + "version \(RunReport.currentSchemaVersion)"),
  ]

  /// A directory exists but cannot be read as a file, even by root.
  @Test func load_refusesAPathThatCannotBeRead() throws {
    try withDirectory { directory in
      let path = directory.path(percentEncoded: false)

      #expect(throws: ArgumentError("--input: cannot read '\(path)'")) {
        try RunReport.load(from: path, for: "--input")
      }
    }
  }

  @Test func load_refusesARunOfTheCurrentVersionWithMissingFields() throws {
    try withDirectory { directory in
      let file = directory.appending(path: "run.json")
      try Data(#"{"schemaVersion": \#(RunReport.currentSchemaVersion)}"#.utf8).write(to: file)

      let error = #expect(throws: ArgumentError.self) {
        try RunReport.load(from: file.path(percentEncoded: false), for: "--input")
      }

      #expect(error?.description.contains("is not a valid saved run: ") == true)
    }
  }

  private func withDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "FeedStoreBenchTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
  }
}
