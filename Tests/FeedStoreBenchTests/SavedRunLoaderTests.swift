import Foundation
import Testing

@testable import FeedStoreBenchmarking

@Suite struct SavedRunLoaderTests {
  @Test func load_rejectsAPathThatDoesNotExist() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeItem(at: directory) }
    let path = directory.appending(path: "missing.json").path(percentEncoded: false)

    let error = try #require(loadError(path, for: "--baseline"))

    #expect(error.description == "--baseline: '\(path)' does not exist")
  }

  /// A directory exists but cannot be read as a file, even by root.
  @Test func load_rejectsAPathThatCannotBeRead() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeItem(at: directory) }
    let path = directory.path(percentEncoded: false)

    let error = try #require(loadError(path, for: "--input"))

    #expect(
      error.description.hasPrefix("--input: cannot read '\(path)': "),
      "message was: \(error.description)")
  }

  @Test func load_rejectsAFileThatIsNotJSON() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeItem(at: directory) }
    let path = try write("this is not { json", named: "run.json", in: directory)

    let error = try #require(loadError(path, for: "--baseline"))

    #expect(
      error.description == "--baseline: '\(path)' is not a run saved by feedstore-bench --save")
  }

  @Test func load_rejectsJSONWithoutASchemaVersion() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeItem(at: directory) }
    let path = try write(#"{"tool": "something else"}"#, named: "run.json", in: directory)

    let error = try #require(loadError(path, for: "--baseline"))

    #expect(
      error.description == "--baseline: '\(path)' is not a run saved by feedstore-bench --save")
  }

  @Test func load_rejectsARunOfAnotherSchemaVersion() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeItem(at: directory) }
    let current = RunReport.currentSchemaVersion
    let path = try write(#"{"schemaVersion": \#(current + 1)}"#, named: "run.json", in: directory)

    let error = try #require(loadError(path, for: "--baseline"))

    #expect(
      error.description
        == "--baseline: '\(path)' has schema version \(current + 1); this tool reads version \(current)"
    )
  }

  @Test func load_rejectsARunOfTheCurrentVersionWithMissingFields() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeItem(at: directory) }
    let current = RunReport.currentSchemaVersion
    let path = try write(#"{"schemaVersion": \#(current)}"#, named: "run.json", in: directory)

    let error = try #require(loadError(path, for: "--input"))

    #expect(
      error.description.hasPrefix("--input: '\(path)' is not a valid saved run: "),
      "message was: \(error.description)")
  }

  @Test func load_readsARunSavedAsJSON() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeItem(at: directory) }
    let saved = makeReport(rows: [
      makeRow(.writeFloor, size: 1_000, p50: 2_000_000),
      makeRow(.store("SQLite", .insert), size: 1_000, p50: 3_000_000),
    ])
    let path = try write(try OutputFormat.json.render(saved), named: "run.json", in: directory)

    let loaded = try SavedRunLoader.load(from: path, for: "--baseline")

    #expect(loaded.startedAt == saved.startedAt)
    #expect(loaded.rows.map(\.id) == saved.rows.map(\.id))
    #expect(loaded.rows.map(\.summary) == saved.rows.map(\.summary))
  }

  // MARK: - Helpers

  private func loadError(_ path: String, for option: String) -> ArgumentError? {
    do throws(ArgumentError) {
      _ = try SavedRunLoader.load(from: path, for: option)
      return nil
    } catch {
      return error
    }
  }

  private func makeTemporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "FeedStoreBenchTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  private func removeItem(at directory: URL) {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Writes `text` to a file `name` in `directory`, and returns its path.
  private func write(_ text: String, named name: String, in directory: URL) throws -> String {
    let file = directory.appending(path: name)
    try Data(text.utf8).write(to: file)
    return file.path(percentEncoded: false)
  }
}
