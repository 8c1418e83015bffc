import CSQLite
import FeedCache
import FeedCacheSQLite
import FeedStoreBenchmarkCore
import Foundation

/// A database for the SQLite C API floors, set up as the SQLite store sets up its own.
///
/// It is opened and set up through the store's `SQLiteConnection`, `SQLiteStatement` and
/// `FeedSchema` (`package` access): a new file that the store itself creates, reopened in
/// multi-thread mode with the store's connection settings (WAL, checked), and every statement
/// prepared once. Only the timed loops call the C API by themselves: binding the images' values
/// in place, from bytes encoded beforehand or from the Swift values, and reading the columns into
/// values. Used from one thread at a time, like the store's connection; releasing it, after the
/// clock stopped, finalizes the statements and closes the database.
final class SQLiteFloorDatabase {
  private let connection: SQLiteConnection
  private let beginWrite: SQLiteStatement
  private let beginRead: SQLiteStatement
  private let commit: SQLiteStatement
  /// `?1` the timestamp.
  private let insertCache: SQLiteStatement
  /// `?1` position, `?2` id, `?3` description, `?4` location, `?5` url.
  private let insertImage: SQLiteStatement
  private let selectCache: SQLiteStatement
  /// `id`, `description`, `location`, `url`, in position order.
  private let selectImages: SQLiteStatement

  /// Creates the database file at `url` as the store creates its own, then opens it and
  /// prepares the statements.
  ///
  /// The store itself creates the file, on a connection that then closes, checkpointing its log
  /// into the file and deleting it, so the floor's first insert starts a new log, as the store's
  /// does.
  ///
  /// - Throws: The store's `SQLiteFailure` when SQLite fails, ``BenchmarkError`` when the
  ///   journal mode is not WAL.
  static func creatingFile(at url: URL) async throws -> SQLiteFloorDatabase {
    let store = try SQLiteFeedStore(storeURL: url)
    try await store.createDatabaseIfNeeded()
    await store.closeDatabase()
    return try SQLiteFloorDatabase(openingFileAt: url)
  }

  private init(openingFileAt url: URL) throws {
    let connection = try SQLiteConnection(
      path: url.path(percentEncoded: false), mode: .readWrite,
      busyTimeout: SQLiteFeedStore.defaultBusyTimeout, operation: "open the SQLite floor")
    try connection.execute(FeedSchema.connectionSettings, "configure the connection")
    guard try connection.texts("PRAGMA journal_mode", "read the journal mode") == ["wal"] else {
      throw BenchmarkError("the SQLite floor's database \(connection.path) is not in WAL mode")
    }
    func prepare(_ sql: String) throws -> SQLiteStatement {
      try connection.prepare(sql, "prepare \"\(sql)\"")
    }
    self.connection = connection
    beginWrite = try prepare("BEGIN IMMEDIATE")
    beginRead = try prepare("BEGIN")
    commit = try prepare("COMMIT")
    insertCache = try prepare("INSERT INTO feed_cache (id, timestamp) VALUES (1, ?1)")
    insertImage = try prepare(
      "INSERT INTO feed_image (position, id, description, location, url) VALUES (?1, ?2, ?3, ?4, ?5)"
    )
    // As the store does, the last position sizes the array up front (a lookup in the b-tree).
    selectCache = try prepare(
      "SELECT timestamp, (SELECT max(position) FROM feed_image) FROM feed_cache WHERE id = 1")
    selectImages = try prepare(
      "SELECT id, description, location, url FROM feed_image ORDER BY position")
  }

  /// The timed insert of bytes encoded beforehand: one transaction holding the cache row and
  /// every image, each image's bytes bound where they are (`SQLITE_STATIC`, no copy).
  ///
  /// - Throws: What SQLite reports; the transaction is rolled back then.
  func insert(_ feed: PreEncodedFeed, timestamp: Date) throws {
    try inTransaction(timestamp: timestamp) { statement in
      try feed.withBytes { bytes in
        // Clears the bindings too: the bound pointers must not outlive `bytes`.
        defer { insertImage.reset() }
        func bind(_ text: PreEncodedFeed.Bytes?, at index: Int32) -> Int32 {
          guard let text else { return sqlite3_bind_null(statement, index) }
          return sqlite3_bind_text(statement, index, bytes + text.offset, text.count, nil)
        }
        for (position, value) in feed.images.enumerated() {
          try connection.check(sqlite3_bind_int64(statement, 1, Int64(position)), "bind a position")
          try connection.check(
            sqlite3_bind_blob(statement, 2, bytes + value.id, 16, nil), "bind an id")
          try connection.check(bind(value.description, at: 3), "bind a description")
          try connection.check(bind(value.location, at: 4), "bind a location")
          try connection.check(bind(value.url, at: 5), "bind a url")
          _ = try insertImage.step("insert image \(position)")
          sqlite3_reset(statement)
        }
      }
    }
  }

  /// The timed insert of the Swift values, as the store gets them: one transaction holding the
  /// cache row and every image, each image's id, texts and URL's `absoluteString` read from the
  /// `LocalFeedImage` and bound in place (`SQLITE_STATIC`, no copy), with no check of the URL.
  ///
  /// - Throws: What SQLite reports; the transaction is rolled back then.
  func insert(_ images: [LocalFeedImage], timestamp: Date) throws {
    try inTransaction(timestamp: timestamp) { statement in
      // Clears the bindings too: the bound pointers must not outlive the values.
      defer { insertImage.reset() }
      func bind(_ text: String?, at index: Int32, then body: () throws -> Void) throws {
        guard var text else {
          try connection.check(sqlite3_bind_null(statement, index), "bind a NULL text")
          return try body()
        }
        try text.withUTF8 { utf8 in
          // An empty text may have no address, which would bind NULL: SQLite copies "" instead.
          let code =
            if let start = utf8.baseAddress, !utf8.isEmpty {
              start.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                sqlite3_bind_text(statement, index, $0, Int32(utf8.count), nil)
              }
            } else {
              sqlite3_bind_text(statement, index, "", 0, Self.transient)
            }
          try connection.check(code, "bind a text")
          try body()
        }
      }
      for (position, value) in images.enumerated() {
        try connection.check(sqlite3_bind_int64(statement, 1, Int64(position)), "bind a position")
        try withUnsafeBytes(of: value.id.uuid) { id in
          try connection.check(
            sqlite3_bind_blob(statement, 2, id.baseAddress, 16, nil), "bind an id")
          try bind(value.description, at: 3) {
            try bind(value.location, at: 4) {
              try bind(value.url.absoluteString, at: 5) {
                _ = try insertImage.step("insert image \(position)")
              }
            }
          }
        }
        sqlite3_reset(statement)
      }
    }
  }

  /// `BEGIN IMMEDIATE`, the cache row with `timestamp`, the image rows that `insertRows` inserts
  /// through the statement it is given, then `COMMIT`; rolled back when anything throws.
  private func inTransaction(
    timestamp: Date, insertRows: (_ insertImage: OpaquePointer) throws -> Void
  ) throws {
    try beginWrite.run("begin the transaction")
    do {
      try insertCache.bind(timestamp.timeIntervalSinceReferenceDate, at: 1, "bind the timestamp")
      try insertCache.run("insert the cache row")
      try insertRows(insertImage.handle)
      try commit.run("commit the transaction")
    } catch {
      connection.rollBackIfNeeded()
      throw error
    }
  }

  /// The destructor that makes SQLite copy a bound value: `SQLITE_TRANSIENT`, which Swift does
  /// not import.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// The timed read: the cache row and every image, in one read transaction, as values.
  ///
  /// - Returns: The cached feed, or `nil` when there is no cache row.
  /// - Throws: What SQLite reports, or ``BenchmarkError`` when a row cannot be made into an image.
  func read() throws -> CachedFeed? {
    try beginRead.run("begin the read")
    do {
      let cached = try readRows()
      try commit.run("end the read")
      return cached
    } catch {
      connection.rollBackIfNeeded()
      throw error
    }
  }

  /// The least SQLite reading does: each row stepped to, its columns' bytes taken where SQLite
  /// holds them and made into values as ``PreEncodedFeed``'s bytes are by the value floor, with
  /// none of the checks a store owes its callers (column types, exact UTF-8).
  private func readRows() throws -> CachedFeed? {
    defer { selectCache.reset() }
    guard try selectCache.step("read the cache row") else { return nil }
    defer { selectImages.reset() }
    let statement = selectImages.handle
    func text(_ column: Int32) -> String? {
      guard let bytes = sqlite3_column_text(statement, column) else { return nil }
      let count = Int(sqlite3_column_bytes(statement, column))
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
    var feed: [LocalFeedImage] = []
    feed.reserveCapacity(Int(selectCache.int64(at: 1) + 1))
    while try selectImages.step("read an image") {
      guard let id = sqlite3_column_blob(statement, 0), let url = text(3).flatMap(URL.init(string:))
      else { throw BenchmarkError("the SQLite floor cannot make an image of row \(feed.count)") }
      feed.append(
        LocalFeedImage(
          id: UUID(uuid: id.loadUnaligned(as: uuid_t.self)), description: text(1),
          location: text(2), url: url))
    }
    return CachedFeed(
      feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: selectCache.double(at: 0)))
  }
}
