import CSQLite
import FeedCacheSQLite
import Foundation

/// A database for the SQLite C API floor, set up as the SQLite store sets up its own: a new file,
/// incremental auto-vacuum, write-ahead logging with `synchronous = NORMAL`, the store's two
/// tables, and the statements of an insert prepared once.
///
/// Used from one thread at a time, like the store's connection. Releasing it finalizes the
/// statements and closes the database, which the sampler does after the clock stopped.
final class SQLiteFloorDatabase {
  /// The connection the statements run on.
  let connection: SQLiteFloorConnection
  /// `BEGIN IMMEDIATE`.
  let begin: SQLiteFloorStatement
  /// The cache row: `?1` is the timestamp.
  let insertCache: SQLiteFloorStatement
  /// One image: `?1` position, `?2` id, `?3` description, `?4` location, `?5` url.
  let insertImage: SQLiteFloorStatement
  /// `COMMIT`.
  let commit: SQLiteFloorStatement

  /// Creates the database file at `url`, its tables and its statements.
  ///
  /// - Throws: ``BenchmarkError`` when SQLite fails, or the journal mode does not become WAL.
  init(creatingFileAt url: URL) throws(BenchmarkError) {
    let connection = try SQLiteFloorConnection(opening: url)
    // Before any table, as the store creates its files.
    try connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
    let journalMode = try connection.text(of: "PRAGMA journal_mode = WAL")
    guard journalMode == "wal" else {
      throw BenchmarkError(
        "the SQLite floor's database is in journal mode \(journalMode ?? "none"), not wal")
    }
    try connection.execute("PRAGMA synchronous = NORMAL")
    // The store's own migrations, in one transaction, as the store creates its schema.
    let schema = FeedSchema.migrations.joined(separator: "\n")
    try connection.execute(
      "BEGIN IMMEDIATE; \(schema) PRAGMA user_version = \(FeedSchema.currentVersion); COMMIT")

    self.connection = connection
    begin = try connection.prepare("BEGIN IMMEDIATE")
    insertCache = try connection.prepare("INSERT INTO feed_cache (id, timestamp) VALUES (1, ?1)")
    insertImage = try connection.prepare(
      "INSERT INTO feed_image (position, id, description, location, url) "
        + "VALUES (?1, ?2, ?3, ?4, ?5)")
    commit = try connection.prepare("COMMIT")
  }
}

/// An open SQLite database, closed when it goes away; every statement holds it, so it closes
/// after the last one is finalized.
final class SQLiteFloorConnection {
  /// The `sqlite3 *` handle.
  let handle: OpaquePointer
  /// The database file's path, for error messages.
  let path: String

  /// Opens the database at `url`, creating the file, in SQLite's multi-thread mode as the store
  /// does.
  ///
  /// - Throws: ``BenchmarkError`` when SQLite cannot open it.
  init(opening url: URL) throws(BenchmarkError) {
    guard
      let path = url.withUnsafeFileSystemRepresentation({ $0.map { String(cString: $0) } })
    else {
      throw BenchmarkError("the SQLite floor cannot use \(url) as a file path")
    }
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard let opened else {
      throw BenchmarkError("the SQLite floor cannot open \(path): SQLite result code \(code)")
    }
    guard code == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(opened))
      sqlite3_close_v2(opened)
      throw BenchmarkError("the SQLite floor cannot open \(path): \(message) (\(code))")
    }
    handle = opened
    self.path = path
  }

  deinit {
    // Nothing can report a failure here; `_v2` closes even if a statement were left, and every
    // statement holds this connection, so all are finalized by now.
    sqlite3_close_v2(handle)
  }

  /// Runs SQL without parameters, ignoring any rows.
  func execute(_ sql: String) throws(BenchmarkError) {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), "run \"\(sql)\"")
  }

  /// Compiles one statement to run many times, as the store does (`SQLITE_PREPARE_PERSISTENT`).
  func prepare(_ sql: String) throws(BenchmarkError) -> SQLiteFloorStatement {
    try SQLiteFloorStatement(preparing: sql, on: self)
  }

  /// The first column of the first row of `sql` as text, or `nil` when there is no row or it is
  /// NULL.
  func text(of sql: String) throws(BenchmarkError) -> String? {
    let statement = try prepare(sql)
    guard try statement.step("run \"\(sql)\"") else { return nil }
    return statement.text(at: 0)
  }

  /// The first row of `sql` as numbers, or `nil` when there is no row.
  func numbers(of sql: String, columns: Int32) throws(BenchmarkError) -> [Double]? {
    let statement = try prepare(sql)
    guard try statement.step("run \"\(sql)\"") else { return nil }
    return (0..<columns).map { sqlite3_column_double(statement.handle, $0) }
  }

  /// Throws the connection's error unless `code` is `SQLITE_OK`.
  @inline(__always)
  func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(BenchmarkError) {
    guard code == SQLITE_OK else { throw error(code, operation()) }
  }

  /// The connection's current error, reported for `code`.
  func error(_ code: Int32, _ operation: String) -> BenchmarkError {
    BenchmarkError(
      "the SQLite floor failed to \(operation) on \(path): "
        + "\(String(cString: sqlite3_errmsg(handle))) (result code \(code))")
  }
}

/// A prepared statement, finalized when it goes away.
final class SQLiteFloorStatement {
  /// The connection, kept open while the statement lives.
  let connection: SQLiteFloorConnection
  /// The `sqlite3_stmt *` handle.
  let handle: OpaquePointer

  /// Compiles `sql` on `connection`.
  init(preparing sql: String, on connection: SQLiteFloorConnection) throws(BenchmarkError) {
    var prepared: OpaquePointer?
    let code = sqlite3_prepare_v3(
      connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
    try connection.check(code, "prepare \"\(sql)\"")
    guard let prepared else {
      throw BenchmarkError("the SQLite floor's SQL \"\(sql)\" holds no statement")
    }
    self.connection = connection
    handle = prepared
  }

  deinit {
    // Returns the last step's error, which that step has already reported.
    sqlite3_finalize(handle)
  }

  /// Runs the statement to its next row.
  ///
  /// - Returns: `true` when a row is ready, `false` when the statement is done.
  @inline(__always)
  func step(_ operation: @autoclosure () -> String) throws(BenchmarkError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw connection.error(code, operation())
    }
  }

  /// Runs a statement that produces no row, then rewinds it.
  @inline(__always)
  func run(_ operation: @autoclosure () -> String) throws(BenchmarkError) {
    guard try !step(operation()) else {
      sqlite3_reset(handle)
      throw BenchmarkError("the SQLite floor's statement to \(operation()) produced a row")
    }
    try connection.check(sqlite3_reset(handle), operation())
  }

  /// The column's text, or `nil` for NULL.
  func text(at column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, column) else { return nil }
    return String(cString: bytes)
  }
}
