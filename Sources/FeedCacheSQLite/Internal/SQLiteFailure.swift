import Foundation

/// Why the SQLite layer of a ``SQLiteFeedStore`` could not read or change a database: the
/// vocabulary its internals throw, which the store reports as a ``SQLiteFeedStoreError`` naming
/// the operation.
///
/// Every case names the database (`path`, or `:memory:`) and what was being done (`operation`,
/// in words, such as "insert the feed: open its directory"). ``description`` reads as one
/// sentence, and is the store error's description. It is `package` so that test support and the
/// benchmark, which open raw connections to a store's file, get the same sentences.
package enum SQLiteFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// SQLite returned a failure while the store was doing `operation` on the database at `path`.
  ///
  /// `resultCode` is SQLite's extended result code (such as `SQLITE_BUSY`, 5, or
  /// `SQLITE_CONSTRAINT_TRIGGER`, 1811); its low byte is the primary code. `message` is the text
  /// of `sqlite3_errmsg` at the time of the failure.
  case sqlite(operation: String, path: String, resultCode: Int32, message: String)

  /// The file at `path` is the store's own but cannot be read: `problem` says why (it is empty,
  /// it is not a database, it is truncated or corrupt, its tables are not in the store's shape).
  /// An insert replaces it and a delete removes it; a retrieve leaves it as it is.
  case damagedStorage(operation: String, path: String, problem: String)

  /// The database at `path` belongs to another application: it holds `tables`, which are not the
  /// store's, so the store neither reads nor changes it.
  case foreignDatabase(operation: String, path: String, tables: [String])

  /// The database at `path` records a schema version this code does not know, usually one written
  /// by a newer version of it, so the store neither reads nor changes it.
  case unsupportedSchemaVersion(
    operation: String, path: String, found: Int64, newestSupported: Int32)

  /// `item`, such as "a directory" or "a symbolic link", is where the database file should be;
  /// the store never follows, writes into or removes it.
  case notAFile(operation: String, path: String, item: String)

  /// The database file at `path` has `count` names (hard links). SQLite keeps a write-ahead log
  /// per name, so a commit made through one name could be lost through another: the store
  /// neither reads nor changes it.
  case multipleLinks(operation: String, path: String, count: Int)

  /// The database file at `path` belongs to `owner`, another user, who could have put it there,
  /// as `FileItem.isAnotherUsers(at:)` decides: `refusal` says so and who can remove it, as
  /// `FileItem.anotherUsersFileRefusal(at:)` words it. The store neither reads, changes nor
  /// removes it.
  case anotherUsersFile(operation: String, path: String, owner: uid_t, refusal: String)

  /// The feed to insert makes a database larger than `limit` bytes, the largest cache the store
  /// writes, as `problem` says; nothing was written.
  case cacheTooLarge(operation: String, path: String, limit: Int, problem: String)

  /// Something the store did not make stands where SQLite keeps a side file of the database at
  /// `path`: `refusal` says what stands at `sideFile` (the write-ahead log, its index or a
  /// rollback journal) and who can remove it, as ``FileItem/refusal(at:)`` words it. SQLite
  /// would fail on it forever, wait on it forever (a FIFO) or write where a link points, so the
  /// store leaves it alone and refuses every operation until it is removed.
  case foreignSideFile(operation: String, path: String, sideFile: String, refusal: String)

  /// A stored row of the database at `path` does not hold a valid value: for example an image id
  /// that is not a UUID or a URL that does not parse. `row` is the image's position, or the cache
  /// row's id.
  case corruptRow(
    operation: String, path: String, table: String, row: Int64, column: String, problem: String)

  /// A value given to insert cannot be stored so that it reads back exactly, so nothing was
  /// written: `image` is the image's position in the feed, or `nil` for the timestamp.
  case unsupportedValue(
    operation: String, path: String, image: Int?, field: String, problem: String)

  /// Nothing can be written to the storage at `path`, as `reason` says: its volume is mounted
  /// read-only, or its directory refuses new files (permissions, an immutable flag) where SQLite
  /// would have to create its log and the log's index. Retrieve still reads the cache; insert and
  /// delete throw this and change nothing.
  case readOnlyStorage(operation: String, path: String, reason: String)

  /// The operating system refused a file operation on `path`: `code` is its `errno` and
  /// `message` its text.
  case fileSystem(operation: String, path: String, code: Int32, message: String)

  /// The database file's name at `path` is `bytes` long, but SQLite needs room for the names of
  /// its side files (`-wal`, `-shm`) beside it: names of at most `limit` bytes work.
  case fileNameTooLong(path: String, bytes: Int, limit: Int)

  /// The store's URL is not a `file:` URL, so there is no file to open.
  case notAFileURL(URL)

  /// The database the error is about: its path, `:memory:`, or `nil` for a URL that is not a
  /// file URL.
  package var path: String? {
    switch self {
    case .sqlite(_, let path, _, _), .damagedStorage(_, let path, _),
      .foreignDatabase(_, let path, _), .unsupportedSchemaVersion(_, let path, _, _),
      .notAFile(_, let path, _), .multipleLinks(_, let path, _),
      .anotherUsersFile(_, let path, _, _), .cacheTooLarge(_, let path, _, _),
      .foreignSideFile(_, let path, _, _),
      .corruptRow(_, let path, _, _, _, _),
      .unsupportedValue(_, let path, _, _, _), .readOnlyStorage(_, let path, _),
      .fileSystem(_, let path, _, _),
      .fileNameTooLong(let path, _, _):
      return path
    case .notAFileURL:
      return nil
    }
  }

  /// SQLite's extended result code, when SQLite reported the failure.
  package var resultCode: Int32? {
    guard case .sqlite(_, _, let resultCode, _) = self else { return nil }
    return resultCode
  }

  /// The failure as one sentence: what the store was doing, on which database, and why.
  package var description: String {
    switch self {
    case .sqlite(let operation, let path, let resultCode, let message):
      return
        "Could not \(operation) at \(path): SQLite error \(resultCode) "
        + "(\(Self.name(of: resultCode))): \(message)"
    case .damagedStorage(let operation, let path, let problem):
      return
        "Could not \(operation) at \(path): \(problem); inserting a feed replaces the file and "
        + "deleting the cache removes it"
    case .foreignDatabase(let operation, let path, let tables):
      return
        "Could not \(operation) at \(path): the file is another application's database (tables "
        + "\(tables.joined(separator: ", "))); the store does not read or change it"
    case .unsupportedSchemaVersion(let operation, let path, let found, let newestSupported):
      return
        "Could not \(operation) at \(path): its schema version \(found) is not one this code "
        + "knows (it supports versions up to \(newestSupported)); the file was left untouched"
    case .notAFile(let operation, let path, let item):
      return
        "Could not \(operation) at \(path): it is \(item), where the database file should be; "
        + "the store never follows, writes into or removes it, so it was left untouched"
    case .multipleLinks(let operation, let path, let count):
      return
        "Could not \(operation) at \(path): the database file has \(count) names (hard links), and "
        + "SQLite keeps a write-ahead log for each name, so a commit made through one could be "
        + "lost through another; the store neither reads nor changes it: remove the other names "
        + "to use the store"
    case .anotherUsersFile(let operation, let path, _, let refusal):
      return "Could not \(operation) at \(path): the database file \(refusal)"
    case .cacheTooLarge(let operation, let path, _, let problem):
      return "Could not \(operation) at \(path): \(problem); nothing was written"
    case .foreignSideFile(let operation, let path, let sideFile, let refusal):
      return
        "Could not \(operation) at \(path): \(sideFile), where SQLite keeps the database's "
        + "\(Self.role(ofSideFile: sideFile)), \(refusal)"
    case .corruptRow(let operation, let path, let table, let row, let column, let problem):
      return
        "Could not \(operation) at \(path): row \(row) of \(table) has an invalid \(column): "
        + problem
    case .unsupportedValue(let operation, let path, let image, let field, let problem):
      let value = image.map { "image \($0)'s \(field)" } ?? "the \(field)"
      return
        "Could not \(operation) at \(path): \(value) cannot be stored exactly: \(problem); "
        + "nothing was written"
    case .readOnlyStorage(let operation, let path, let reason):
      return
        "Could not \(operation) at \(path): the storage is read-only (\(reason)), so the cache "
        + "can be retrieved but not changed"
    case .fileSystem(let operation, let path, let code, let message):
      return "Could not \(operation) at \(path): \(message) (errno \(code))"
    case .fileNameTooLong(let path, let bytes, let limit):
      return
        "Could not use \(path) as a feed store: its file name is \(bytes) bytes, but SQLite "
        + "adds \"-wal\" and \"-shm\" to it for its side files, so it must be at most \(limit)"
    case .notAFileURL(let url):
      return "Could not open the feed store at \(url): it is not a file URL"
    }
  }

  /// What SQLite keeps in the side file at `path`, as its name's suffix says.
  private static func role(ofSideFile path: String) -> String {
    if path.hasSuffix("-wal") { return "write-ahead log" }
    if path.hasSuffix("-shm") { return "write-ahead log index" }
    return "rollback journal"
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
