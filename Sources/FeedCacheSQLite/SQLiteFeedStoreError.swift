import Foundation

/// Why a ``SQLiteFeedStore`` could not open, read or change its database.
///
/// Every failure SQLite reports arrives as ``sqlite(operation:resultCode:message:)``, with SQLite's
/// own extended result code and message; the other cases are failures the store detects itself.
/// ``description`` reads as one sentence naming what the store was doing.
public enum SQLiteFeedStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// SQLite returned a failure while the store was doing `operation`.
  ///
  /// `resultCode` is SQLite's extended result code (such as `SQLITE_BUSY`, 5, or
  /// `SQLITE_CONSTRAINT_TRIGGER`, 1811); its low byte is the primary code. `message` is the text
  /// of `sqlite3_errmsg` at the time of the failure.
  case sqlite(operation: String, resultCode: Int32, message: String)

  /// The database at `path` records a schema version this code does not know, usually one written
  /// by a newer version of it, so the store refuses to read or change it.
  case unsupportedSchemaVersion(found: Int32, newestSupported: Int32, path: String)

  /// A stored row does not hold a valid value: for example an image id that is not a UUID or a
  /// URL that does not parse. `row` is the image's position, or the cache row's id.
  case corruptRow(table: String, row: Int64, column: String, problem: String)

  /// The store's URL is not a `file:` URL, so there is no file to open.
  case notAFileURL(URL)

  /// SQLite's extended result code, when SQLite reported the failure.
  public var resultCode: Int32? {
    guard case .sqlite(_, let resultCode, _) = self else { return nil }
    return resultCode
  }

  /// The failure as one sentence: what the store was doing, SQLite's code and name, and why.
  public var description: String {
    switch self {
    case .sqlite(let operation, let resultCode, let message):
      return
        "Could not \(operation): SQLite error \(resultCode) (\(Self.name(of: resultCode))): \(message)"
    case .unsupportedSchemaVersion(let found, let newestSupported, let path):
      return
        "Could not open the feed store at \(path): its schema version \(found) is not one this "
        + "code knows (it supports versions up to \(newestSupported)); the file was left untouched"
    case .corruptRow(let table, let row, let column, let problem):
      return
        "Could not read the feed store: row \(row) of \(table) has an invalid \(column): \(problem)"
    case .notAFileURL(let url):
      return "Could not open the feed store at \(url): it is not a file URL"
    }
  }

  /// The symbolic name of a result code's primary code, such as `SQLITE_BUSY`.
  private static func name(of resultCode: Int32) -> String {
    let primary = Int(resultCode & 0xFF)
    return primary < primaryNames.count ? primaryNames[primary] : "unknown result code"
  }

  /// SQLite's primary result codes, 0 to 28, in order.
  private static let primaryNames: [String] = [
    "SQLITE_OK", "SQLITE_ERROR", "SQLITE_INTERNAL", "SQLITE_PERM", "SQLITE_ABORT", "SQLITE_BUSY",
    "SQLITE_LOCKED", "SQLITE_NOMEM", "SQLITE_READONLY", "SQLITE_INTERRUPT", "SQLITE_IOERR",
    "SQLITE_CORRUPT", "SQLITE_NOTFOUND", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_PROTOCOL",
    "SQLITE_EMPTY", "SQLITE_SCHEMA", "SQLITE_TOOBIG", "SQLITE_CONSTRAINT", "SQLITE_MISMATCH",
    "SQLITE_MISUSE", "SQLITE_NOLFS", "SQLITE_AUTH", "SQLITE_FORMAT", "SQLITE_RANGE",
    "SQLITE_NOTADB", "SQLITE_NOTICE", "SQLITE_WARNING",
  ]
}
