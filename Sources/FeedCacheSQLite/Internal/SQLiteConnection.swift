import CSQLite
import DurableStoreSupport
import Foundation

/// One open SQLite connection: it opens and configures the database, runs SQL on it, and closes it
/// with `sqlite3_close_v2` when it goes away.
///
/// It is not thread-safe by itself, on purpose: it opens with `SQLITE_OPEN_NOMUTEX` (SQLite's
/// multi-thread mode), so SQLite takes no lock of its own per call, and its owner must use it from
/// one thread at a time. ``SQLiteFeedStore`` uses its connection only from its serial queue; the
/// type is not `Sendable`, so the compiler refuses any other sharing.
///
/// It is `package` so that test support and the benchmark in this package can open a second, raw
/// connection to a store's file and run statements without repeating the C calls.
package final class SQLiteConnection {
  /// Where a connection's database lives.
  package enum Location: Hashable, Sendable {
    /// A database file.
    case file(URL)
    /// A private database in memory that disappears with its connection.
    case inMemory
  }

  /// How a connection opens its database file.
  package enum Mode: Sendable {
    /// Reads and writes, creating the file when it is missing.
    case create
    /// Reads and writes an existing file; a missing file is `SQLITE_CANTOPEN`.
    case readWrite
    /// Only reads an existing file: it never writes to it, and never checkpoints its log.
    case readOnly
    /// Only reads an existing file on storage that nothing can write to (SQLite's `immutable`):
    /// without taking locks, and without the write-ahead log and its index, which SQLite could
    /// not create there. Only for a file whose log holds nothing.
    case immutable
  }

  /// The `sqlite3 *` handle; valid for the connection's whole life.
  package let handle: OpaquePointer
  /// The database file's path, or `:memory:`, for error messages.
  package let path: String

  /// The path that opens a private database in memory.
  package static let inMemoryPath = ":memory:"

  /// Opens a connection, creating the database file when it does not exist yet.
  ///
  /// Opening reads nothing, so a file that is not a database opens fine here and fails on the
  /// first statement that reads it.
  ///
  /// - Parameters:
  ///   - location: The database to open.
  ///   - mode: Whether to create a missing file; ``Mode/create`` unless given.
  ///   - busyTimeout: How long a statement waits for another connection's lock before it fails
  ///     with `SQLITE_BUSY`; zero fails at once.
  /// - Throws: ``SQLiteFailure`` when the URL is not a file URL or SQLite cannot open it.
  package convenience init(location: Location, mode: Mode = .create, busyTimeout: Duration) throws {
    switch location {
    case .file(let url):
      try self.init(path: try Self.path(of: url), mode: mode, busyTimeout: busyTimeout)
    case .inMemory:
      try self.init(path: Self.inMemoryPath, mode: .create, busyTimeout: busyTimeout)
    }
  }

  /// Opens a connection to the database at `path`, or `:memory:`.
  ///
  /// - Parameters:
  ///   - path: The database file's path, or `:memory:`.
  ///   - mode: Whether to create a missing file, and whether to write.
  ///   - busyTimeout: How long a statement waits for another connection's lock.
  ///   - operation: What opening it is for, for the error.
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when SQLite
  ///   cannot open it.
  package init(
    path: String, mode: Mode, busyTimeout: Duration, operation: String = "open the database"
  ) throws {
    // Multi-thread mode is only safe on a library built thread-safe: two connections (two stores
    // on one file) may still run on two threads at once.
    guard sqlite3_threadsafe() != 0 else {
      throw SQLiteFailure.sqlite(
        operation: operation, path: path, resultCode: SQLITE_MISUSE,
        message: "the SQLite library was built without thread safety (SQLITE_THREADSAFE=0)")
    }
    var opened: OpaquePointer?
    let access =
      switch mode {
      case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      case .readWrite: SQLITE_OPEN_READWRITE
      case .readOnly: SQLITE_OPEN_READONLY
      case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      }
    let flags = access | SQLITE_OPEN_NOMUTEX
    let name = mode == .immutable ? Self.immutableURI(of: path) : path
    let code = sqlite3_open_v2(name, &opened, flags, nil)
    guard let opened else {
      throw SQLiteFailure.sqlite(
        operation: operation, path: path, resultCode: code,
        message: "SQLite could not allocate a connection")
    }
    guard code == SQLITE_OK else {
      let error = SQLiteFailure.sqlite(
        operation: operation, path: path, resultCode: sqlite3_extended_errcode(opened),
        message: String(cString: sqlite3_errmsg(opened)))
      sqlite3_close_v2(opened)
      throw error
    }
    self.handle = opened
    self.path = path

    try check(sqlite3_extended_result_codes(handle, 1), operation)
    setBusyTimeout(busyTimeout)
  }

  deinit {
    // `_v2` closes even if a statement were still unfinalized (it would close once that one is);
    // in practice every statement holds this connection, so they are all finalized by now.
    sqlite3_close_v2(handle)
  }

  /// The file-system path of a `file:` URL.
  ///
  /// - Throws: ``SQLiteFailure/notAFileURL(_:)`` for any other URL.
  package static func path(of url: URL) throws -> String {
    guard url.isFileURL,
      let path = url.withUnsafeFileSystemRepresentation({ $0.map { String(cString: $0) } })
    else { throw SQLiteFailure.notAFileURL(url) }
    return path
  }

  /// The URI that opens the file at `path` as immutable: `file:` and the path, with the
  /// characters a URI gives a meaning to escaped.
  private static func immutableURI(of path: String) -> String {
    var escaped = ""
    for character in path.unicodeScalars {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      default: escaped.unicodeScalars.append(character)
      }
    }
    // An empty authority, so that a path starting with "//" is not read as a host.
    return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
  }

  /// Whether a transaction is open on this connection.
  package var isInTransaction: Bool {
    sqlite3_get_autocommit(handle) == 0
  }

  /// Sets how long a statement waits for another connection's lock, as ``BusyWait`` schedules
  /// it; zero fails at once.
  package func setBusyTimeout(_ duration: Duration) {
    let microseconds = BusyWait.microseconds(of: duration)
    // Only fails for a closed connection, which this never is. The context is the timeout
    // itself, not a pointer: the handler captures nothing.
    sqlite3_busy_handler(
      handle, microseconds > 0 ? Self.busyHandler : nil,
      UnsafeMutableRawPointer(bitPattern: microseconds))
  }

  /// Retries a busy statement after the pause ``BusyWait`` gives, until the timeout in
  /// `context`.
  private static let busyHandler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = {
    context, attempt in
    guard let pause = BusyWait.pause(beforeRetry: Int(attempt), timeout: Int(bitPattern: context))
    else { return 0 }
    usleep(UInt32(pause))
    return 1
  }

  /// Runs SQL without parameters and ignores any rows it produces.
  ///
  /// - Parameters:
  ///   - sql: One or more statements; never splice values into it, bind them.
  ///   - operation: What running it does, for the error, such as "begin a transaction".
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when a
  ///   statement fails.
  package func execute(_ sql: String, _ operation: String) throws {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), operation)
  }

  /// Runs a statement that produces one integer, such as `PRAGMA user_version`.
  ///
  /// - Parameters:
  ///   - sql: A statement whose first row's first column is the integer.
  ///   - operation: What running it does, for the error.
  /// - Returns: The integer, or `nil` when the statement produced no row.
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when it fails.
  package func integer(_ sql: String, _ operation: String) throws -> Int64? {
    let statement = try prepare(sql, operation, persistent: false)
    defer { statement.reset() }
    guard try statement.step(operation) else { return nil }
    return statement.int64(at: 0)
  }

  /// Runs a statement and collects the first column of every row as text.
  ///
  /// - Parameters:
  ///   - sql: A statement whose rows' first column is text.
  ///   - operation: What running it does, for the error.
  /// - Returns: The texts, in row order; NULL and invalid UTF-8 read as `""`.
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when it fails.
  package func texts(_ sql: String, _ operation: String) throws -> [String] {
    let statement = try prepare(sql, operation, persistent: false)
    defer { statement.reset() }
    var texts: [String] = []
    while try statement.step(operation) {
      texts.append(try statement.text(at: 0, operation) ?? "")
    }
    return texts
  }

  /// What SQLite's quick check finds wrong with the database's structure (pages that two tables
  /// share, b-trees out of order, rows that break the schema's constraints), or `nil` when
  /// nothing; a database SQLite cannot read at all is wrong too.
  ///
  /// A damaged file can keep a valid header and schema, and SQLite then notices nothing until an
  /// operation reads the broken page. The check reads every page once.
  ///
  /// - Parameter operation: What the store was doing, for errors.
  /// - Returns: The problem, in words, as damaged storage states it.
  /// - Throws: ``SQLiteFailure`` when SQLite cannot run the check for another reason, such
  ///   as another connection's lock.
  func structuralProblem(_ operation: String) throws -> String? {
    do {
      let findings = try texts("PRAGMA quick_check(1)", operation)
      return findings == ["ok"]
        ? nil : "SQLite's quick check found: \(findings.joined(separator: "; "))"
    } catch let error as SQLiteFailure {
      guard let problem = error.unreadableDatabaseProblem else { throw error }
      return problem
    }
  }

  /// Rolls back the open transaction, if there is one, keeping whatever error caused the rollback.
  ///
  /// SQLite rolls some failures back by itself (a full disk, an I/O error, running out of memory),
  /// so a `ROLLBACK` here would fail with "no transaction is active": only roll back what is open.
  package func rollBackIfNeeded() {
    if isInTransaction {
      sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }
  }

  /// Compiles a statement to run on this connection.
  ///
  /// - Parameters:
  ///   - sql: One statement; values go in as `?` parameters.
  ///   - operation: What preparing it is for, for the error.
  ///   - persistent: Whether it is kept for many runs (`SQLITE_PREPARE_PERSISTENT`).
  /// - Returns: The prepared statement, finalized when it goes away.
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when it does
  ///   not compile.
  package func prepare(
    _ sql: String, _ operation: String, persistent: Bool = true
  ) throws -> SQLiteStatement {
    try SQLiteStatement(preparing: sql, on: self, persistent: persistent, operation)
  }

  /// Throws the connection's current error unless `code` is `SQLITE_OK`.
  @inline(__always)
  package func check(_ code: Int32, _ operation: @autoclosure () -> String) throws {
    guard code != SQLITE_OK else { return }
    throw error(code, operation())
  }

  /// The connection's current error, reported for `code`.
  package func error(_ code: Int32, _ operation: String) -> SQLiteFailure {
    // `sqlite3_extended_errcode` is the extended form of the code the failing call returned;
    // fall back to that code if the connection's record was overwritten.
    let extended = sqlite3_extended_errcode(handle)
    let resultCode = extended & 0xFF == code & 0xFF ? extended : code
    return .sqlite(
      operation: operation, path: path, resultCode: resultCode,
      message: String(cString: sqlite3_errmsg(handle)))
  }
}
