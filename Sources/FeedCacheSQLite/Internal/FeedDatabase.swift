import CSQLite
import FeedCache
import Foundation

/// The store's connection with its statements, prepared once and reused for the connection's
/// life, and the feed operations written in SQL.
///
/// Not thread-safe: only its ``SQLiteFeedStore`` actor uses it. Every operation is one
/// transaction and leaves the connection outside any transaction, whether it succeeds or throws.
final class FeedDatabase {
  private let connection: SQLiteConnection

  private let beginRead: SQLiteStatement
  private let beginWrite: SQLiteStatement
  private let commit: SQLiteStatement
  private let deleteImages: SQLiteStatement
  private let deleteCache: SQLiteStatement
  private let insertCache: SQLiteStatement
  private let insertImage: SQLiteStatement
  private let selectCache: SQLiteStatement
  private let selectImages: SQLiteStatement

  /// Opens the database, brings its schema to the current version and prepares every statement.
  ///
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be opened, is not a database,
  ///   has an unknown schema version, or a statement does not compile.
  init(location: SQLiteConnection.Location, busyTimeout: Duration) throws {
    let connection = try SQLiteConnection(location: location, busyTimeout: busyTimeout)
    try FeedSchema.prepare(connection)

    let cache = FeedSchema.cacheTable
    let image = FeedSchema.imageTable
    func prepare(_ sql: String) throws -> SQLiteStatement {
      try connection.prepare(sql, "prepare the statement \"\(sql)\"")
    }
    self.connection = connection
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
    selectCache = try prepare("SELECT timestamp FROM \(cache) WHERE id = 1")
    selectImages = try prepare(
      "SELECT position, id, description, location, url FROM \(image) ORDER BY position")
  }

  // MARK: Operations

  /// Removes the cached feed, if any, in one write transaction.
  func delete() throws {
    try write("delete the cached feed") { operation in
      try deleteImages.run(operation)
      try deleteCache.run(operation)
    }
  }

  /// Replaces the cached feed in one write transaction, with one image statement reused per row.
  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    try write("insert the feed") { operation in
      try deleteImages.run(operation)
      try deleteCache.run(operation)

      try insertCache.bind(timestamp.timeIntervalSinceReferenceDate, at: 1, operation)
      try insertCache.run(operation)

      for (position, image) in feed.enumerated() {
        try insertRow(of: image, at: position, operation)
      }
    }
  }

  /// Reads the cached feed in one read transaction, so it never sees half of a write.
  func retrieve() throws -> CachedFeed? {
    let operation = "retrieve the cached feed"
    try recoverFromAbandonedTransaction()
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

  // MARK: Helpers

  /// Inserts one image row with the reused statement.
  ///
  /// The values are bound in place, without copies, only while the statement steps.
  private func insertRow(of image: LocalFeedImage, at position: Int, _ operation: String) throws {
    defer { insertImage.reset() }
    try insertImage.bind(Int64(position), at: 1, operation)
    try insertImage.withBlob(of: image.id, at: 2, operation) {
      try insertImage.withText(image.description, at: 3, operation) {
        try insertImage.withText(image.location, at: 4, operation) {
          try insertImage.withText(image.url.absoluteString, at: 5, operation) {
            _ = try insertImage.step(operation)
          }
        }
      }
    }
  }

  /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back when anything in it throws.
  private func write(_ operation: String, _ body: (String) throws -> Void) throws {
    try recoverFromAbandonedTransaction()
    try beginWrite.run(operation)
    do {
      try body(operation)
      try commit.run(operation)
    } catch {
      connection.rollBackIfNeeded()
      throw error
    }
  }

  /// Rolls back a transaction an earlier failure could not end, so that this operation starts
  /// clean instead of failing with "cannot start a transaction within a transaction".
  private func recoverFromAbandonedTransaction() throws {
    connection.rollBackIfNeeded()
    if connection.isInTransaction {
      throw SQLiteFeedStoreError.sqlite(
        operation: "roll back an earlier failed transaction", resultCode: SQLITE_ERROR,
        message: "the transaction is still open after ROLLBACK")
    }
  }

  private func readCache(_ operation: String) throws -> CachedFeed? {
    defer { selectCache.reset() }
    guard try selectCache.step(operation) else { return nil }
    guard selectCache.isNumber(at: 0) else {
      throw SQLiteFeedStoreError.corruptRow(
        table: FeedSchema.cacheTable, row: 1, column: "timestamp", problem: "it is not a number")
    }
    let timestamp = Date(timeIntervalSinceReferenceDate: selectCache.double(at: 0))
    return CachedFeed(feed: try readImages(operation), timestamp: timestamp)
  }

  private func readImages(_ operation: String) throws -> [LocalFeedImage] {
    defer { selectImages.reset() }
    var images: [LocalFeedImage] = []
    while try selectImages.step(operation) {
      let row = selectImages.int64(at: 0)
      guard let id = selectImages.uuid(at: 1) else {
        throw corrupt(row: row, column: "id", "it is not the 16 bytes of a UUID")
      }
      let description = try optionalText(at: 2, column: "description", row: row, operation)
      let location = try optionalText(at: 3, column: "location", row: row, operation)
      let urlText = try requiredText(at: 4, column: "url", row: row, operation)
      guard let url = URL(string: urlText, encodingInvalidCharacters: false) else {
        throw corrupt(row: row, column: "url", "\(quoted(urlText)) is not a URL")
      }
      images.append(LocalFeedImage(id: id, description: description, location: location, url: url))
    }
    return images
  }

  private func requiredText(
    at column: Int32, column name: String, row: Int64, _ operation: String
  ) throws -> String {
    guard !selectImages.isNull(at: column) else {
      throw corrupt(row: row, column: name, "it is NULL")
    }
    guard let text = try selectImages.text(at: column, operation) else {
      throw corrupt(row: row, column: name, "it is not valid UTF-8 text")
    }
    return text
  }

  private func optionalText(
    at column: Int32, column name: String, row: Int64, _ operation: String
  ) throws -> String? {
    guard !selectImages.isNull(at: column) else { return nil }
    return try requiredText(at: column, column: name, row: row, operation)
  }

  private func corrupt(row: Int64, column: String, _ problem: String) -> SQLiteFeedStoreError {
    .corruptRow(table: FeedSchema.imageTable, row: row, column: column, problem: problem)
  }

  /// `text` in quotes, cut short when long, for an error message.
  private func quoted(_ text: String) -> String {
    text.count > 80 ? "\"\(text.prefix(80))…\"" : "\"\(text)\""
  }
}
