import Foundation

/// Reads a run saved with `--save`, for `--baseline` or `--input`, before anything is measured,
/// so that a missing or malformed file fails at once.
enum SavedRunLoader {
  /// Loads the saved run at `path`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - option: The option that named it, for messages.
  /// - Returns: The saved run.
  /// - Throws: ``ArgumentError`` when the file cannot be read, is not a saved run, or was saved
  ///   by another schema version.
  static func load(from path: String, for option: String) throws(ArgumentError) -> RunReport {
    guard FileManager.default.fileExists(atPath: path) else {
      throw ArgumentError("\(option): '\(path)' does not exist")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(filePath: path))
    } catch {
      throw ArgumentError("\(option): cannot read '\(path)': \(reason(error))")
    }
    let version: Int
    do {
      version = try JSONDecoder().decode(SchemaProbe.self, from: data).schemaVersion
    } catch {
      throw ArgumentError("\(option): '\(path)' is not a run saved by feedstore-bench --save")
    }
    guard version == RunReport.currentSchemaVersion else {
      throw ArgumentError(
        "\(option): '\(path)' has schema version \(version); this tool reads version "
          + "\(RunReport.currentSchemaVersion)")
    }
    do {
      return try JSONDecoder().decode(RunReport.self, from: data)
    } catch {
      throw ArgumentError("\(option): '\(path)' is not a valid saved run: \(reason(error))")
    }
  }

  private struct SchemaProbe: Decodable {
    let schemaVersion: Int
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case let error as CocoaError:
      return error.localizedDescription
    case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(context.debugDescription) (at \(path))"
    default:
      return String(describing: error)
    }
  }
}
