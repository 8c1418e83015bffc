import Foundation

/// The store's tables, their versions, and how a database gets from any older version to the
/// current one.
///
/// - `feed_cache` holds at most one row (`id` is always 1): its presence is "a feed is cached",
///   so an empty feed (the row, no images) stays apart from no cache (no row). `timestamp` is the
///   date's `timeIntervalSinceReferenceDate` as a REAL, which stores the `Double` bit for bit.
/// - `feed_image` holds the cached images, one row per image in feed order. `position` (the
///   rowid) orders them and allows duplicates; `id` is the UUID's 16 bytes as a BLOB (formatting
///   and parsing `uuidString` would cost more than SQLite itself); `description` and
///   `location` are NULL for `nil`, so `nil` and `""` differ; `url` is the URL's `absoluteString`.
///
/// The schema version lives in `PRAGMA user_version`: 0 for a new file, then the number of
/// migrations applied. A database with a version this code does not know is refused, not misread.
package enum FeedSchema {
  /// The table whose single row is the cached feed's timestamp.
  package static let cacheTable = "feed_cache"
  /// The table of cached images.
  package static let imageTable = "feed_image"

  /// The SQL that upgrades each version: `migrations[n]` turns version `n` into `n + 1`.
  ///
  /// Append, never edit: a shipped migration is what existing databases have already run.
  package static let migrations: [String] = [
    """
    CREATE TABLE \(cacheTable) (
      id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
      timestamp REAL NOT NULL
    );
    CREATE TABLE \(imageTable) (
      position INTEGER PRIMARY KEY NOT NULL,
      id BLOB NOT NULL,
      description TEXT,
      location TEXT,
      url TEXT NOT NULL
    );
    """
  ]

  /// The version this code creates, reads and writes.
  package static var currentVersion: Int32 { Int32(migrations.count) }

  /// Configures a freshly opened connection and brings its database to ``currentVersion``.
  ///
  /// The version is read before anything is written, so a database from a newer version of this
  /// code (or one that is not a database at all) is refused untouched. Migrations run in one
  /// `BEGIN IMMEDIATE` transaction, which re-reads the version so that two connections opening a
  /// new file at once do not both create the tables.
  ///
  /// - Throws: ``SQLiteFeedStoreError/unsupportedSchemaVersion(found:newestSupported:path:)``
  ///   for an unknown version, or ``SQLiteFeedStoreError/sqlite(operation:resultCode:message:)``
  ///   (`SQLITE_NOTADB` for a file that is not a database) when SQLite fails.
  static func prepare(_ connection: SQLiteConnection) throws {
    let path = connection.path
    let found = try version(of: connection)

    // WAL: readers never wait for the writer and see only committed transactions. A database in
    // memory stays in its "memory" journal mode, which SQLite reports instead of "wal".
    try connection.execute("PRAGMA journal_mode = WAL", "switch \(path) to write-ahead logging")
    // NORMAL in WAL syncs at checkpoints, not at every commit: a committed write survives the app
    // crashing, but a power loss or OS crash may lose the last commits (never corrupt the file).
    // A cache can be refetched, so this trades that window for fast writes.
    try connection.execute("PRAGMA synchronous = NORMAL", "set the synchronous mode of \(path)")

    guard found < currentVersion else { return }
    try connection.execute("BEGIN IMMEDIATE", "begin creating the schema of \(path)")
    do {
      let start = try version(of: connection)
      for migration in migrations[Int(start)...] {
        try connection.execute(migration, "create the schema of \(path)")
      }
      // The version is a constant of this code, not an input: it cannot be bound in a PRAGMA.
      try connection.execute(
        "PRAGMA user_version = \(currentVersion)", "record the schema version of \(path)")
      try connection.execute("COMMIT", "commit the schema of \(path)")
    } catch {
      connection.rollBackIfNeeded()
      throw error
    }
  }

  /// The database's schema version, checked to be one this code knows.
  private static func version(of connection: SQLiteConnection) throws -> Int32 {
    let path = connection.path
    let found =
      try connection.integer(
        "PRAGMA user_version", "read the schema version of \(path)") ?? 0
    guard (0...Int64(currentVersion)).contains(found) else {
      throw SQLiteFeedStoreError.unsupportedSchemaVersion(
        found: Int32(truncatingIfNeeded: found), newestSupported: currentVersion, path: path)
    }
    return Int32(found)
  }
}
