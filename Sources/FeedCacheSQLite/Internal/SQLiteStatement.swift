import CSQLite
import Foundation

/// A prepared statement, compiled once and run many times: bind, step, then ``reset()``.
///
/// It holds its connection, so the connection closes only after every statement is finalized.
/// Like its connection, it is used from one thread at a time (from the store's serial queue).
///
/// It is `package` so that the benchmark's SQLite floor runs its statements through the same
/// wrapper as the store.
package final class SQLiteStatement {
  private let connection: SQLiteConnection
  /// The `sqlite3_stmt *` handle; valid for the statement's whole life.
  package let handle: OpaquePointer

  /// The destructor that makes SQLite copy a bound value before the bind returns.
  ///
  /// The C macro `SQLITE_TRANSIENT` is `((sqlite3_destructor_type)-1)`, which Swift does not
  /// import.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// Compiles `sql` on `connection`.
  ///
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when it does
  ///   not compile.
  init(
    preparing sql: String, on connection: SQLiteConnection, persistent: Bool,
    _ operation: String
  ) throws {
    var prepared: OpaquePointer?
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    let code = sqlite3_prepare_v3(connection.handle, sql, -1, flags, &prepared, nil)
    try connection.check(code, operation)
    guard let prepared else {
      throw SQLiteFailure.sqlite(
        operation: operation, path: connection.path, resultCode: SQLITE_MISUSE,
        message: "the SQL holds no statement")
    }
    self.connection = connection
    self.handle = prepared
  }

  deinit {
    sqlite3_finalize(handle)
  }

  // MARK: Binding (parameters are numbered from 1)

  /// Binds text by its exact UTF-8 bytes, embedded NUL characters included, then runs `body`;
  /// `nil` binds NULL.
  ///
  /// SQLite reads the bytes in place instead of copying them (`SQLITE_STATIC`), and they are
  /// valid only while `body` runs: run the statement inside `body`. The binding outlives it, so
  /// before the statement runs again, bind the parameter anew or ``reset()`` the statement.
  /// Leaving the unbinding to the caller saves a reset and a bind per value: inserting a row of
  /// a large feed then costs what the C API itself does.
  package func withText(
    _ text: String?, at index: Int32, _ operation: @autoclosure () -> String,
    _ body: () throws -> Void
  ) throws {
    guard var text else {
      try connection.check(sqlite3_bind_null(handle, index), operation())
      return try body()
    }
    try text.withUTF8 { bytes in
      guard bytes.count <= Int(Int32.max) else {
        throw connection.error(SQLITE_TOOBIG, operation())
      }
      let code =
        if let start = bytes.baseAddress, !bytes.isEmpty {
          start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            sqlite3_bind_text(handle, index, $0, Int32(bytes.count), nil)
          }
        } else {
          // A NULL pointer would bind SQL NULL: SQLite copies this empty string instead.
          sqlite3_bind_text(handle, index, "", 0, Self.transient)
        }
      try connection.check(code, operation())
      try body()
    }
  }

  /// Binds a UUID as a 16-byte blob, its bytes in RFC 4122 order, in place, then runs `body`;
  /// the bytes are valid only while `body` runs, as with ``withText(_:at:_:_:)``.
  package func withBlob(
    of uuid: UUID, at index: Int32, _ operation: @autoclosure () -> String,
    _ body: () throws -> Void
  ) throws {
    try withUnsafeBytes(of: uuid.uuid) { bytes in
      let code = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), nil)
      try connection.check(code, operation())
      try body()
    }
  }

  /// Binds a 64-bit floating-point number.
  package func bind(_ value: Double, at index: Int32, _ operation: @autoclosure () -> String) throws
  {
    try connection.check(sqlite3_bind_double(handle, index, value), operation())
  }

  /// Binds a 64-bit integer.
  package func bind(_ value: Int64, at index: Int32, _ operation: @autoclosure () -> String) throws
  {
    try connection.check(sqlite3_bind_int64(handle, index, value), operation())
  }

  // MARK: Running

  /// Runs the statement to its next row.
  ///
  /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when it fails.
  @inline(__always)
  package func step(_ operation: @autoclosure () -> String) throws -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw connection.error(code, operation())
    }
  }

  /// Runs a statement that produces no rows, then rewinds it, keeping its bindings: the next run
  /// binds its parameters anew, or ``reset()`` clears them.
  package func run(_ operation: @autoclosure () -> String) throws {
    // SQLite refuses a bind between a step and the next reset, so rewind even after a failure.
    defer { sqlite3_reset(handle) }
    while try step(operation()) {}
  }

  /// Makes the statement ready to run again: rewinds it, ends its read, and clears its bindings.
  ///
  /// `sqlite3_reset` repeats the last step's error, which ``step(_:)`` has already reported.
  package func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // MARK: Reading the current row (columns are numbered from 0)

  /// The column's storage class: `SQLITE_NULL`, `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`
  /// or `SQLITE_BLOB`.
  @inline(__always)
  package func type(at column: Int32) -> Int32 {
    sqlite3_column_type(handle, column)
  }

  /// The column as a 64-bit integer.
  @inline(__always)
  package func int64(at column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  /// The column as a 64-bit floating-point number.
  @inline(__always)
  package func double(at column: Int32) -> Double {
    sqlite3_column_double(handle, column)
  }

  /// The column as a UUID, when it is a blob of exactly 16 bytes.
  ///
  /// - Returns: The UUID, or `nil` when the column holds anything else.
  @inline(__always)
  package func uuid(at column: Int32) -> UUID? {
    guard sqlite3_column_type(handle, column) == SQLITE_BLOB,
      let bytes = sqlite3_column_blob(handle, column),
      sqlite3_column_bytes(handle, column) == Int32(MemoryLayout<uuid_t>.size)
    else { return nil }
    return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
  }

  /// The column's exact bytes as text, embedded NUL characters included (never `strlen`).
  ///
  /// - Returns: The text, or `nil` when the bytes are not valid UTF-8. SQL NULL reads as `""`:
  ///   check ``type(at:)`` first.
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when SQLite
  ///   runs out of memory converting the value.
  @inline(__always)
  package func text(at column: Int32, _ operation: @autoclosure () -> String) throws -> String? {
    // `sqlite3_column_text` first, then `sqlite3_column_bytes`: that order measures the UTF-8
    // form the pointer points at.
    let bytes = sqlite3_column_text(handle, column)
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let bytes else {
      guard sqlite3_errcode(connection.handle) != SQLITE_NOMEM else {
        throw connection.error(SQLITE_NOMEM, operation())
      }
      return ""
    }
    guard count > 0 else { return "" }
    // `String(decoding:as:)` has a fast path for UTF-8 in contiguous memory but repairs invalid
    // bytes instead of failing, so compare its bytes with the column's: they differ exactly when
    // it repaired something. (`String(validating:as:)` runs unspecialized, at twice the cost.)
    var text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let isExact = text.withUTF8 { decoded in
      guard let start = decoded.baseAddress, decoded.count == count else { return false }
      return memcmp(start, bytes, count) == 0
    }
    return isExact ? text : nil
  }
}
