import Foundation

/// The store's tables, their versions, and how a database gets from any older version to the
/// current one.
///
/// - `feed_cache` holds at most one row (`id` is always 1): its presence is "a feed is cached",
///   so an empty feed (the row, no images) stays apart from no cache (no row). `timestamp` is the
///   date's `timeIntervalSinceReferenceDate` as a REAL in a column without affinity (declared
///   BLOB), so SQLite keeps the `Double`'s 8 bytes as they are: a REAL column would store a
///   whole number as an integer and give `-0.0` back as `+0.0` (version 1 did).
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
  /// Append, never change the schema a shipped migration makes: it is what existing databases
  /// have already run. A migration copies only the rows the new version can hold: a row no version
  /// of the store writes (a cache row whose id is not 1, a timestamp that is not a number) is
  /// damaged storage, and a migration runs only inside an insert or a delete, which replace or
  /// remove the cache in the same transaction anyway. Copying it would fail the new table's
  /// checks, and every later insert and delete with them.
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
    """,
    """
    CREATE TABLE \(cacheTable)_v2 (
      id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
      timestamp BLOB NOT NULL CHECK (typeof(timestamp) = 'real')
    );
    INSERT INTO \(cacheTable)_v2 (id, timestamp)
    SELECT id, timestamp FROM \(cacheTable) WHERE id = 1 AND typeof(timestamp) = 'real';
    DROP TABLE \(cacheTable);
    ALTER TABLE \(cacheTable)_v2 RENAME TO \(cacheTable);
    """,
  ]

  /// The version this code creates, reads and writes.
  package static var currentVersion: Int32 { Int32(migrations.count) }

  /// The settings a new database file gets before its first table: free pages can be given back
  /// to the file system (`incremental_vacuum` after a write), and write-ahead logging.
  package static let newFileSettings = "PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL"

  /// The settings of every connection the store opens on its file.
  ///
  /// NORMAL in WAL syncs at checkpoints, not at every commit: a committed write survives the app
  /// crashing, but a power loss or OS crash may lose the last commits (never corrupt the file).
  /// A cache can be refetched, so this trades that window for fast writes. The journal size limit
  /// truncates the log back to ``logSizeLimit`` whenever a checkpoint lets SQLite restart it.
  package static let connectionSettings =
    "PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = \(logSizeLimit)"

  /// The size in bytes past which the store truncates the write-ahead log after a write.
  package static let logSizeLimit = 4 << 20

  /// The tables of a current database.
  static let tables: Set<String> = [cacheTable, imageTable]

  /// The columns the store reads and writes in each table, in every version.
  static let columns: [String: [String]] = [
    cacheTable: ["id", "timestamp"],
    imageTable: ["position", "id", "description", "location", "url"],
  ]

  /// Runs the migrations from `version` to ``currentVersion`` and records the new version.
  ///
  /// Run it inside a write transaction, after re-reading the version in it, so that two
  /// connections migrating at once do not both run a migration.
  ///
  /// - Throws: ``SQLiteFailure/sqlite(operation:path:resultCode:message:)`` when SQLite
  ///   fails.
  static func migrate(_ connection: SQLiteConnection, from version: Int32) throws {
    for migration in migrations[Int(version)...] {
      try connection.execute(migration, "migrate the schema to version \(currentVersion)")
    }
    // The version is a constant of this code, not an input: it cannot be bound in a PRAGMA.
    try connection.execute(
      "PRAGMA user_version = \(currentVersion)", "record the schema version")
  }
}
