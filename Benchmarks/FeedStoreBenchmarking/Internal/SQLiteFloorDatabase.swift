import CSQLite
import FeedCache
import FeedCacheSQLite
import Foundation

/// A database for the SQLite C API floors, set up as the SQLite store sets up its own: a new file
/// opened in multi-thread mode, write-ahead logging with `synchronous = NORMAL`, the store's own
/// migrations, and every statement prepared once.
///
/// Used from one thread at a time, like the store's connection. Releasing it finalizes the
/// statements and closes the database, which the sampler does after the clock stopped.
final class SQLiteFloorDatabase {
  private let handle: OpaquePointer
  private let path: String
  private let feed: PreEncodedFeed
  private let timestamp: Date
  private var statements: [OpaquePointer] = []
  /// `BEGIN IMMEDIATE`, the cache row (`?1` timestamp), one image (`?1` position, `?2` id,
  /// `?3` description, `?4` location, `?5` url), `COMMIT`; set by the initializer.
  private var insertStatements: (OpaquePointer, OpaquePointer, OpaquePointer, OpaquePointer)?
  /// `BEGIN`, the cache row, the images in position order, `COMMIT`; set by the initializer.
  private var readStatements: (OpaquePointer, OpaquePointer, OpaquePointer, OpaquePointer)?

  /// Creates the database file at `url`, its tables and its statements, for inserting `feed`.
  ///
  /// - Throws: ``BenchmarkError`` when SQLite fails, or the journal mode does not become WAL.
  init(creatingFileAt url: URL, feed: PreEncodedFeed, timestamp: Date) throws(BenchmarkError) {
    path = url.path(percentEncoded: false)
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard let opened else {
      throw BenchmarkError("the SQLite floor cannot open \(path): SQLite result code \(code)")
    }
    handle = opened
    self.feed = feed
    self.timestamp = timestamp
    try check(code, "open the database")
    let journalMode = try statement("PRAGMA journal_mode = WAL")
    let isWAL =
      try step(journalMode, "set the journal mode")
      && sqlite3_column_text(journalMode, 0).map { String(cString: $0) } == "wal"
    sqlite3_reset(journalMode)
    guard isWAL else {
      throw BenchmarkError("the SQLite floor's database \(path) did not switch to WAL")
    }
    let schema = FeedSchema.migrations.joined(separator: "\n")
    try execute(
      "PRAGMA synchronous = NORMAL; BEGIN IMMEDIATE; \(schema) "
        + "PRAGMA user_version = \(FeedSchema.currentVersion); COMMIT")
    insertStatements = (
      try statement("BEGIN IMMEDIATE"),
      try statement("INSERT INTO feed_cache (id, timestamp) VALUES (1, ?1)"),
      try statement(
        "INSERT INTO feed_image (position, id, description, location, url) "
          + "VALUES (?1, ?2, ?3, ?4, ?5)"),
      try statement("COMMIT")
    )
    readStatements = (
      try statement("BEGIN"), try statement("SELECT timestamp FROM feed_cache WHERE id = 1"),
      try statement("SELECT id, description, location, url FROM feed_image ORDER BY position"),
      try statement("COMMIT")
    )
  }

  deinit {
    // Nothing can report a failure here; every statement is finalized before the close.
    for statement in statements {
      sqlite3_finalize(statement)
    }
    sqlite3_close_v2(handle)
  }

  /// The timed insert: one transaction holding the cache row and every image.
  ///
  /// - Throws: ``BenchmarkError`` when a call fails; the transaction is rolled back then.
  func insert() throws(BenchmarkError) {
    guard let (begin, cache, image, commit) = insertStatements else { throw unprepared }
    do {
      try run(begin, "begin the transaction")
      try check(
        sqlite3_bind_double(cache, 1, timestamp.timeIntervalSinceReferenceDate),
        "bind the timestamp")
      try run(cache, "insert the cache row")
      try feed.withBytes { (bytes) throws(BenchmarkError) in
        // The bound pointers must not outlive `bytes`.
        defer { sqlite3_clear_bindings(image) }
        for (position, value) in feed.images.enumerated() {
          try check(sqlite3_bind_int64(image, 1, Int64(position)), "bind a position")
          try check(
            sqlite3_bind_blob(image, 2, bytes + value.id, 16, Self.sqliteStatic), "bind an id")
          try bind(value.description, at: 3, bytes: bytes, to: image)
          try bind(value.location, at: 4, bytes: bytes, to: image)
          try bind(value.url, at: 5, bytes: bytes, to: image)
          try run(image, "insert image \(position)")
        }
      }
      try run(commit, "commit the transaction")
    } catch {
      if sqlite3_get_autocommit(handle) == 0 {
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      }
      throw error
    }
  }

  /// The timed read: the cache row and every image, in one read transaction, as values.
  ///
  /// - Returns: The cached feed, or `nil` when there is no cache row.
  /// - Throws: ``BenchmarkError`` when a call fails or a row cannot be made into an image.
  func read() throws(BenchmarkError) -> CachedFeed? {
    guard let (begin, cache, images, commit) = readStatements else { throw unprepared }
    try run(begin, "begin the read")
    defer {
      sqlite3_reset(cache)
      sqlite3_reset(images)
      sqlite3_step(commit)
      sqlite3_reset(commit)
    }
    guard try step(cache, "read the cache row") else { return nil }
    let timestamp = Date(timeIntervalSinceReferenceDate: sqlite3_column_double(cache, 0))
    var feed: [LocalFeedImage] = []
    while try step(images, "read an image") {
      guard let id = uuid(images, 0), let url = text(images, 3).flatMap(URL.init(string:)) else {
        throw BenchmarkError("the SQLite floor cannot make an image of row \(feed.count)")
      }
      feed.append(
        LocalFeedImage(id: id, description: text(images, 1), location: text(images, 2), url: url))
    }
    return CachedFeed(feed: feed, timestamp: timestamp)
  }

  /// Never thrown: the initializer prepares every statement or throws itself.
  private var unprepared: BenchmarkError {
    BenchmarkError("the SQLite floor's statements on \(path) are not prepared")
  }

  private func statement(_ sql: String) throws(BenchmarkError) -> OpaquePointer {
    var prepared: OpaquePointer?
    try check(
      sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil),
      "prepare \"\(sql)\"")
    guard let prepared else { throw BenchmarkError("\"\(sql)\" holds no statement") }
    statements.append(prepared)
    return prepared
  }

  private func execute(_ sql: String) throws(BenchmarkError) {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), "run \"\(sql)\"")
  }

  /// Runs a statement to its next row: `true` when a row is ready, `false` when done.
  private func step(_ statement: OpaquePointer, _ operation: @autoclosure () -> String)
    throws(BenchmarkError) -> Bool
  {
    switch sqlite3_step(statement) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code:
      sqlite3_reset(statement)
      throw error(code, operation())
    }
  }

  /// Runs a statement that produces no row, then rewinds it.
  private func run(_ statement: OpaquePointer, _ operation: @autoclosure () -> String)
    throws(BenchmarkError)
  {
    guard try !step(statement, operation()) else {
      throw BenchmarkError("the SQLite floor's statement to \(operation()) produced a row")
    }
    try check(sqlite3_reset(statement), operation())
  }

  private func bind(
    _ text: PreEncodedFeed.Bytes?, at index: Int32, bytes: UnsafePointer<CChar>,
    to statement: OpaquePointer
  ) throws(BenchmarkError) {
    let code =
      if let text {
        sqlite3_bind_text(statement, index, bytes + text.offset, text.count, Self.sqliteStatic)
      } else {
        sqlite3_bind_null(statement, index)
      }
    try check(code, "bind an image's text")
  }

  private func uuid(_ statement: OpaquePointer, _ column: Int32) -> UUID? {
    guard let bytes = sqlite3_column_blob(statement, column),
      sqlite3_column_bytes(statement, column) == 16
    else { return nil }
    return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
  }

  /// The column's bytes as text, or `nil` for NULL and for bytes that are not UTF-8.
  private func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(statement, column) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  private func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(BenchmarkError) {
    guard code == SQLITE_OK else { throw error(code, operation()) }
  }

  private func error(_ code: Int32, _ operation: String) -> BenchmarkError {
    BenchmarkError(
      "the SQLite floor failed to \(operation) on \(path): "
        + "\(String(cString: sqlite3_errmsg(handle))) (result code \(code))")
  }

  /// `SQLITE_STATIC`, `((sqlite3_destructor_type)0)`, which Swift does not import: SQLite uses
  /// the bytes where they are, without copying them, until they are bound again or cleared.
  private static let sqliteStatic: sqlite3_destructor_type? = nil
}

/// The images of a feed as the bytes SQLite stores, encoded once before any clock starts: each
/// id's 16 bytes and each text's UTF-8, one after the other in one buffer.
struct PreEncodedFeed: Sendable {
  /// Where one value's bytes are in the buffer.
  struct Bytes: Sendable {
    let offset: Int
    let count: Int32
  }

  /// Where one image's values are in the buffer: the id's 16 bytes at `id`, then its texts.
  struct Image: Sendable {
    let id: Int
    let description: Bytes?
    let location: Bytes?
    let url: Bytes
  }

  /// The images, in feed order.
  let images: [Image]
  /// Every value's bytes, then a NUL byte that belongs to none, so the buffer is never empty.
  private let buffer: [CChar]

  /// Encodes `images`.
  init(_ images: [LocalFeedImage]) {
    var buffer: [CChar] = []
    func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> PreEncodedFeed.Bytes {
      let offset = buffer.count
      buffer.append(contentsOf: bytes.map { CChar(bitPattern: $0) })
      return PreEncodedFeed.Bytes(offset: offset, count: Int32(buffer.count - offset))
    }
    self.images = images.map { image in
      let id = withUnsafeBytes(of: image.id.uuid) { append($0).offset }
      return Image(
        id: id, description: image.description.map { append($0.utf8) },
        location: image.location.map { append($0.utf8) }, url: append(image.url.absoluteString.utf8)
      )
    }
    buffer.append(0)
    self.buffer = buffer
  }

  /// Calls `body` with the start of the buffer, valid only during the call.
  func withBytes<Result>(
    _ body: (UnsafePointer<CChar>) throws(BenchmarkError) -> Result
  ) throws(BenchmarkError) -> Result {
    try buffer.withUnsafeBufferPointer { (bytes) throws(BenchmarkError) -> Result in
      // Never taken: the buffer always holds its final NUL byte.
      guard let base = bytes.baseAddress else {
        throw BenchmarkError("the SQLite floor's encoded images have no address")
      }
      return try body(base)
    }
  }
}
