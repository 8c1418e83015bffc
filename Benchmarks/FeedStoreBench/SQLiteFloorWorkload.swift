import CSQLite
import FeedCache
import Foundation

/// Floor (c): the least SQLite itself does for a store's insert, through its C API.
///
/// Set up untimed, as the SQLite store is: a new database file in the sample's directory,
/// `journal_mode = WAL`, `synchronous = NORMAL`, the store's two tables, and the statements
/// prepared. Timed: `BEGIN IMMEDIATE`, the cache row, every image through one reused statement,
/// `COMMIT`. The images' bytes are encoded before the clock starts (UTF-8 text, 16-byte ids) and
/// bound with `SQLITE_STATIC`, so SQLite neither copies them nor waits for Swift to produce them.
/// Like the store's, the commit does not sync by itself: in WAL with `synchronous = NORMAL`,
/// SQLite syncs when it checkpoints, which is at close, after the clock stopped, unless the
/// transaction took the log past 1,000 pages (100,000 images do): then the `COMMIT` checkpoints,
/// inside the timed region.
///
/// Set against a SQLite store's insert, the ratio is what the store adds over SQLite itself.
struct SQLiteFloorWorkload: Workload {
  let fixture: Fixture
  private let feed: PreEncodedFeed

  init(fixture: Fixture) {
    self.fixture = fixture
    feed = PreEncodedFeed(fixture.images)
  }

  var id: RowID { .sqliteFloor }

  func prepare(in directory: URL) throws -> SQLiteFloorDatabase {
    try SQLiteFloorDatabase(creatingFileAt: directory.appending(path: "floor.sqlite"))
  }

  func run(_ database: SQLiteFloorDatabase) throws {
    do {
      try insert(into: database)
    } catch {
      // Only a failed run gets here; it ends the transaction it may have left open.
      if sqlite3_get_autocommit(database.connection.handle) == 0 {
        sqlite3_exec(database.connection.handle, "ROLLBACK", nil, nil, nil)
      }
      throw error
    }
  }

  func verify(_ output: Void, of database: SQLiteFloorDatabase) throws {
    let connection = database.connection
    let images = try connection.numbers(
      of: """
        SELECT count(*), total(length(CAST(id AS BLOB)) + length(CAST(url AS BLOB)) \
        + ifnull(length(CAST(description AS BLOB)), 0) + ifnull(length(CAST(location AS BLOB)), 0)) \
        FROM feed_image
        """,
      columns: 2)
    guard let images, images[0] == Double(feed.count), images[1] == Double(feed.byteCount) else {
      throw BenchmarkError(
        "the SQLite floor did not insert the \(feed.count) images' \(feed.byteCount) bytes: "
          + "found \(images.map { "\(Int($0[0])) rows of \(Int($0[1])) bytes" } ?? "nothing")")
    }
    let cache = try connection.numbers(of: "SELECT timestamp FROM feed_cache", columns: 1)
    guard cache == [fixture.timestamp.timeIntervalSinceReferenceDate] else {
      throw BenchmarkError("the SQLite floor did not insert the cache row's timestamp")
    }
  }

  /// The timed transaction.
  private func insert(into database: SQLiteFloorDatabase) throws(BenchmarkError) {
    let connection = database.connection
    let statement = database.insertImage.handle
    try database.begin.run("begin the transaction")

    try connection.check(
      sqlite3_bind_double(
        database.insertCache.handle, 1, fixture.timestamp.timeIntervalSinceReferenceDate),
      "bind the timestamp")
    try database.insertCache.run("insert the cache row")

    try feed.withBytes { (bytes: UnsafePointer<CChar>) throws(BenchmarkError) in
      // The bound pointers must not outlive `bytes`.
      defer { sqlite3_clear_bindings(statement) }
      for (position, image) in feed.images.enumerated() {
        try connection.check(
          sqlite3_bind_int64(statement, 1, Int64(position)), "bind an image's position")
        try connection.check(
          sqlite3_bind_blob(
            statement, 2, bytes + image.id, Int32(PreEncodedFeed.idByteCount), Self.sqliteStatic),
          "bind an image's id")
        try bind(image.description, at: 3, bytes: bytes, to: statement, connection)
        try bind(image.location, at: 4, bytes: bytes, to: statement, connection)
        try bind(image.url, at: 5, bytes: bytes, to: statement, connection)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else {
          let error = connection.error(code, "insert image \(position)")
          sqlite3_reset(statement)
          throw error
        }
        try connection.check(sqlite3_reset(statement), "reset the image statement")
      }
    }

    try database.commit.run("commit the transaction")
  }

  /// Binds pre-encoded text, or NULL for `nil`.
  @inline(__always)
  private func bind(
    _ text: PreEncodedFeed.Bytes?, at index: Int32, bytes: UnsafePointer<CChar>,
    to statement: OpaquePointer, _ connection: SQLiteFloorConnection
  ) throws(BenchmarkError) {
    let code =
      if let text {
        sqlite3_bind_text(statement, index, bytes + text.offset, text.count, Self.sqliteStatic)
      } else {
        sqlite3_bind_null(statement, index)
      }
    try connection.check(code, "bind an image's text")
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
    /// The offset of the first byte.
    let offset: Int
    /// The number of bytes.
    let count: Int32
  }

  /// Where one image's values are in the buffer.
  struct Image: Sendable {
    /// The offset of the id's ``PreEncodedFeed/idByteCount`` bytes.
    let id: Int
    /// The description's UTF-8, or `nil` for NULL.
    let description: Bytes?
    /// The location's UTF-8, or `nil` for NULL.
    let location: Bytes?
    /// The URL's `absoluteString` in UTF-8, as the store binds it.
    let url: Bytes
  }

  /// A UUID's size: the store binds its 16 bytes as a blob.
  static let idByteCount = 16

  /// The images, in feed order.
  let images: [Image]
  /// Every value's bytes, then a NUL byte that belongs to none, so the buffer is never empty.
  private let buffer: [CChar]

  /// The number of images.
  var count: Int { images.count }
  /// The bytes of every image's values together.
  var byteCount: Int { buffer.count - 1 }

  /// Encodes `images`.
  init(_ images: [LocalFeedImage]) {
    var buffer: [CChar] = []
    func append(_ text: String?) -> Bytes? {
      guard let text else { return nil }
      let offset = buffer.count
      buffer.append(contentsOf: text.utf8.map { CChar(bitPattern: $0) })
      return Bytes(offset: offset, count: Int32(buffer.count - offset))
    }
    self.images = images.map { image in
      let id = buffer.count
      withUnsafeBytes(of: image.id.uuid) { uuid in
        buffer.append(contentsOf: uuid.map { CChar(bitPattern: $0) })
      }
      let description = append(image.description)
      let location = append(image.location)
      let url = append(image.url.absoluteString) ?? Bytes(offset: buffer.count, count: 0)
      return Image(id: id, description: description, location: location, url: url)
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
