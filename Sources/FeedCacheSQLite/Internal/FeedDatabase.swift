import CSQLite
import DurableStoreSupport
import FeedCache
import Foundation

/// The store's connection with its statements, prepared once and reused for the connection's
/// life, and the feed operations written in SQL.
///
/// Not thread-safe: only its store's serial queue uses it. Every operation is one
/// transaction and leaves the connection outside any transaction, whether it succeeds or throws.
final class FeedDatabase {
  private let connection: SQLiteConnection
  /// The schema version of the database; a write migrates an older one first.
  private var version: Int32
  /// How long statements wait for another connection's lock.
  private let busyTimeout: Duration
  /// The write-ahead log's path, or `nil` for a database in memory.
  private let logPath: String?
  /// The most bytes a write may leave the database holding.
  private let maximumSize: Int
  /// The size of the database's pages, in bytes.
  private let pageSize: Int

  private let beginRead: SQLiteStatement
  private let beginWrite: SQLiteStatement
  private let commit: SQLiteStatement
  private let deleteImages: SQLiteStatement
  private let deleteCache: SQLiteStatement
  private let insertCache: SQLiteStatement
  private let insertImage: SQLiteStatement
  private let selectCache: SQLiteStatement
  private let selectImages: SQLiteStatement
  private let releaseFreePages: SQLiteStatement
  private let countPages: SQLiteStatement

  /// Opens the store's existing database file at `path`, whose schema is at `version`.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - version: Its schema version, as the store found it.
  ///   - busyTimeout: How long statements wait for another connection's lock.
  ///   - maximumSize: The most bytes a write may leave the database holding.
  ///   - mode: ``SQLiteConnection/Mode/readWrite`` unless the storage cannot be written to; a
  ///     database opened otherwise only retrieves.
  ///   - operation: What the store is doing, for errors.
  /// - Throws: ``SQLiteFailure`` when it cannot be opened or a statement does not compile.
  convenience init(
    path: String, version: Int32, busyTimeout: Duration, maximumSize: Int,
    mode: SQLiteConnection.Mode = .readWrite, _ operation: String
  ) throws {
    let connection = try SQLiteConnection(
      path: path, mode: mode, busyTimeout: busyTimeout, operation: operation)
    try connection.execute(FeedSchema.connectionSettings, operation)
    try self.init(
      connection: connection, version: version, busyTimeout: busyTimeout,
      maximumSize: maximumSize, logPath: path + "-wal", operation)
  }

  /// What SQLite's quick check finds wrong with the file's structure, or `nil` when nothing.
  ///
  /// See ``SQLiteConnection/structuralProblem(_:)``. The store runs it once, when it opens an
  /// existing file, because an insert into a file broken inside could fail forever, or succeed
  /// into tables a retrieve cannot read.
  ///
  /// - Throws: ``SQLiteFailure`` when SQLite cannot run the check at all.
  func structuralProblem(_ operation: String) throws -> String? {
    try connection.structuralProblem(operation)
  }

  /// Opens a new, private database in memory with the current schema, holding at most
  /// `maximumSize` bytes.
  ///
  /// - Throws: ``SQLiteFailure`` when SQLite cannot open it, for example out of memory.
  convenience init(inMemoryWith busyTimeout: Duration, maximumSize: Int) throws {
    let connection = try SQLiteConnection(location: .inMemory, busyTimeout: busyTimeout)
    try connection.execute("BEGIN IMMEDIATE", "begin creating the schema")
    try FeedSchema.migrate(connection, from: 0)
    try connection.execute("COMMIT", "commit the schema")
    try self.init(
      connection: connection, version: FeedSchema.currentVersion, busyTimeout: busyTimeout,
      maximumSize: maximumSize, logPath: nil, "open the database")
  }

  private init(
    connection: SQLiteConnection, version: Int32, busyTimeout: Duration, maximumSize: Int,
    logPath: String?, _ operation: String
  ) throws {
    let cache = FeedSchema.cacheTable
    let image = FeedSchema.imageTable
    func prepare(_ sql: String) throws -> SQLiteStatement {
      try connection.prepare(sql, "\(operation): prepare the statement \"\(sql)\"")
    }
    self.connection = connection
    self.version = version
    self.busyTimeout = busyTimeout
    self.logPath = logPath
    self.maximumSize = maximumSize
    pageSize = Int(try connection.integer("PRAGMA page_size", operation) ?? 0)
    // A deferred BEGIN takes its snapshot at the first SELECT; both SELECTs then read it.
    beginRead = try prepare("BEGIN DEFERRED")
    // IMMEDIATE takes the write lock up front, so a write that cannot get it fails before it
    // changes anything, even a delete that has no rows to delete.
    beginWrite = try prepare("BEGIN IMMEDIATE")
    commit = try prepare("COMMIT")
    deleteImages = try prepare("DELETE FROM \(image)")
    deleteCache = try prepare("DELETE FROM \(cache)")
    insertCache = try prepare("INSERT INTO \(cache) (id, timestamp) VALUES (1, ?1)")
    insertImage = try prepare(
      "INSERT INTO \(image) (position, id, description, location, url) VALUES (?1, ?2, ?3, ?4, ?5)")
    // The last position sizes the feed's array up front; it is a lookup in the rowid's b-tree.
    selectCache = try prepare(
      "SELECT timestamp, (SELECT max(position) FROM \(image)), id FROM \(cache) LIMIT 1")
    selectImages = try prepare(
      "SELECT position, id, description, location, url FROM \(image) ORDER BY position")
    // Gives the file's free pages back to the file system (a no-op without auto-vacuum).
    releaseFreePages = try prepare("PRAGMA incremental_vacuum")
    // Inside a write transaction, the size the database will have once it commits.
    countPages = try prepare("PRAGMA page_count")
  }

  // MARK: Operations

  /// Removes the cached feed, if any, in one write transaction, then shrinks the file and its log.
  func delete(_ operation: String) throws {
    try write(operation, truncatingLog: true) {
      try deleteImages.run(operation)
      try deleteCache.run(operation)
    }
  }

  /// Replaces the cached feed in one write transaction, with one image statement reused per row.
  ///
  /// A timestamp or URL that would not read back exactly throws before anything is committed.
  func insert(_ feed: [LocalFeedImage], timestamp: Date, _ operation: String) throws {
    let interval = timestamp.timeIntervalSinceReferenceDate
    guard interval.isFinite else {
      throw SQLiteFailure.unsupportedValue(
        operation: operation, path: connection.path, image: nil, field: "timestamp",
        problem: "its time interval \(interval) is not a finite number")
    }
    try write(operation, truncatingLog: false) {
      try deleteImages.run(operation)
      try deleteCache.run(operation)

      try insertCache.bind(interval, at: 1, operation)
      try insertCache.run(operation)

      // Each row binds all its values in place and runs; this clears the last row's bindings
      // before their bytes go away.
      defer { insertImage.reset() }
      for (position, image) in feed.enumerated() {
        try insertRow(of: image, at: position, operation)
      }
    }
  }

  /// Reads the cached feed in one read transaction, so it never sees half of a write.
  func retrieve(_ operation: String) throws -> CachedFeed? {
    try recoverFromAbandonedTransaction(operation)
    try beginRead.run(operation)
    do {
      let cached = try readCache(operation)
      try commit.run(operation)
      return cached
    } catch {
      connection.rollBackIfNeeded()
      throw error
    }
  }

  // MARK: Writing

  /// Inserts one image row with the reused statement, binding every parameter anew.
  ///
  /// The values are bound in place, without copies, while the statement runs; the bindings stay
  /// until the next row replaces them or ``insert(_:timestamp:_:)`` resets the statement.
  private func insertRow(of image: LocalFeedImage, at position: Int, _ operation: String) throws {
    // What retrieve parses must give this text back, or the whole feed would become unreadable.
    guard let url = StoredURL.text(of: image.url) else {
      throw SQLiteFailure.unsupportedValue(
        operation: operation, path: connection.path, image: position, field: "url",
        problem: "its text \(quoted(image.url.absoluteString)) does not parse back as the same URL")
    }
    try insertImage.bind(Int64(position), at: 1, operation)
    try insertImage.withBlob(of: image.id, at: 2, operation) {
      try insertImage.withText(image.description, at: 3, operation) {
        try insertImage.withText(image.location, at: 4, operation) {
          try insertImage.withText(url, at: 5, operation) {
            try insertImage.run(operation)
          }
        }
      }
    }
  }

  /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back when anything in it throws.
  ///
  /// An older schema is migrated first, in the same transaction. Before committing, the file's
  /// free pages go back to the file system, and a database left larger than ``maximumSize``
  /// rolls back; after, the log is truncated when it grew past ``FeedSchema/logSizeLimit`` (or,
  /// with `truncatingLog`, whenever it holds anything).
  private func write(
    _ operation: String, truncatingLog: Bool, _ body: () throws -> Void
  ) throws {
    try recoverFromAbandonedTransaction(operation)
    try beginWrite.run(operation)
    do {
      try migrateIfNeeded(operation)
      try body()
      try releaseFreePages.run(operation)
      try checkSize(operation)
      try commit.run(operation)
    } catch {
      connection.rollBackIfNeeded()
      throw error
    }
    truncateLog(always: truncatingLog)
  }

  /// Throws when the open write transaction leaves the database larger than ``maximumSize``.
  private func checkSize(_ operation: String) throws {
    defer { countPages.reset() }
    guard try countPages.step(operation) else { return }
    let bytes = Int(countPages.int64(at: 0)) * pageSize
    guard bytes > maximumSize else { return }
    throw SQLiteFailure.cacheTooLarge(
      operation: operation, path: connection.path, limit: maximumSize,
      problem: StoreFileSize.refusal(ofCacheHolding: bytes, limit: maximumSize))
  }

  /// Brings an older schema to the current version inside the open write transaction.
  private func migrateIfNeeded(_ operation: String) throws {
    guard version < FeedSchema.currentVersion else { return }
    // Another connection may have migrated it since this one looked.
    let found = try connection.integer("PRAGMA user_version", operation) ?? 0
    guard (1...Int64(FeedSchema.currentVersion)).contains(found) else {
      throw SQLiteFailure.unsupportedSchemaVersion(
        operation: operation, path: connection.path, found: found,
        newestSupported: FeedSchema.currentVersion)
    }
    try FeedSchema.migrate(connection, from: Int32(found))
    version = FeedSchema.currentVersion
  }

  /// Checkpoints the write-ahead log and truncates it to nothing, when it is large (or always,
  /// when `always`), without waiting for readers.
  ///
  /// Best effort: while another connection reads, the checkpoint cannot finish and the log stays
  /// until a later write truncates it; SQLite's own `journal_size_limit` bounds it meanwhile.
  private func truncateLog(always: Bool) {
    guard let logPath else { return }
    var info = stat()
    guard stat(logPath, &info) == 0, info.st_size > (always ? 0 : FeedSchema.logSizeLimit) else {
      return
    }
    connection.setBusyTimeout(.zero)
    defer { connection.setBusyTimeout(busyTimeout) }
    sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
  }

  /// Rolls back a transaction an earlier failure could not end, so that this operation starts
  /// clean instead of failing with "cannot start a transaction within a transaction".
  private func recoverFromAbandonedTransaction(_ operation: String) throws {
    connection.rollBackIfNeeded()
    if connection.isInTransaction {
      throw SQLiteFailure.sqlite(
        operation: operation, path: connection.path, resultCode: SQLITE_ERROR,
        message: "an earlier failed transaction is still open after ROLLBACK")
    }
  }

  // MARK: Reading

  private func readCache(_ operation: String) throws -> CachedFeed? {
    defer { selectCache.reset() }
    guard try selectCache.step(operation) else { return nil }
    let id = selectCache.int64(at: 2)
    guard selectCache.type(at: 2) == SQLITE_INTEGER, id == 1 else {
      throw SQLiteFailure.corruptRow(
        operation: operation, path: connection.path, table: FeedSchema.cacheTable, row: id,
        column: "id", problem: "it is not 1, the only row the store writes")
    }
    let type = selectCache.type(at: 0)
    guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else {
      throw SQLiteFailure.corruptRow(
        operation: operation, path: connection.path, table: FeedSchema.cacheTable, row: 1,
        column: "timestamp", problem: "it is not a number")
    }
    let timestamp = Date(timeIntervalSinceReferenceDate: selectCache.double(at: 0))
    // Positions are 0 to n - 1; a tampered one only costs a smaller or wasted reservation.
    let expectedCount = Int(clamping: min(max(selectCache.int64(at: 1) + 1, 0), 1 << 20))
    return CachedFeed(
      feed: try readImages(reservingCapacity: expectedCount, operation), timestamp: timestamp)
  }

  private func readImages(
    reservingCapacity expectedCount: Int, _ operation: String
  ) throws -> [LocalFeedImage] {
    defer { selectImages.reset() }
    var images: [LocalFeedImage] = []
    images.reserveCapacity(expectedCount)
    while try selectImages.step(operation) {
      let row = selectImages.int64(at: 0)
      guard let id = selectImages.uuid(at: 1) else {
        throw corrupt(row: row, column: "id", "it is not the 16 bytes of a UUID", operation)
      }
      let description = try optionalText(at: 2, column: "description", row: row, operation)
      let location = try optionalText(at: 3, column: "location", row: row, operation)
      let urlText = try requiredText(at: 4, column: "url", row: row, operation)
      guard let url = StoredURL.url(parsing: urlText) else {
        throw corrupt(row: row, column: "url", "\(quoted(urlText)) is not a URL", operation)
      }
      images.append(LocalFeedImage(id: id, description: description, location: location, url: url))
    }
    return images
  }

  @inline(__always)
  private func requiredText(
    at column: Int32, column name: String, row: Int64, _ operation: String
  ) throws -> String {
    guard selectImages.type(at: column) != SQLITE_NULL else {
      throw corrupt(row: row, column: name, "it is NULL", operation)
    }
    guard let text = try selectImages.text(at: column, operation) else {
      throw corrupt(row: row, column: name, "it is not valid UTF-8 text", operation)
    }
    return text
  }

  @inline(__always)
  private func optionalText(
    at column: Int32, column name: String, row: Int64, _ operation: String
  ) throws -> String? {
    guard selectImages.type(at: column) != SQLITE_NULL else { return nil }
    return try requiredText(at: column, column: name, row: row, operation)
  }

  private func corrupt(
    row: Int64, column: String, _ problem: String, _ operation: String
  ) -> SQLiteFailure {
    .corruptRow(
      operation: operation, path: connection.path, table: FeedSchema.imageTable, row: row,
      column: column, problem: problem)
  }

  /// `text` in quotes, cut short when long, for an error message.
  private func quoted(_ text: String) -> String {
    text.count > 80 ? "\"\(text.prefix(80))…\"" : "\"\(text)\""
  }
}
