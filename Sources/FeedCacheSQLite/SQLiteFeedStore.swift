import Foundation

/// A ``FeedCache/FeedStore`` that keeps its feed in an SQLite database, through the system's
/// SQLite library.
///
/// The feed survives relaunches: open a store on the same file URL to read it again. Every
/// operation is one transaction, so a failure leaves the cache as it was and a read never sees half
/// of a write, even from another store or process on the same file.
///
/// ```swift
/// let store = try SQLiteFeedStore(storeURL: cachesDirectory.appending(path: "feed.sqlite"))
/// try await store.insert(feed, timestamp: .now)
/// ```
///
/// - Durability: the database runs in write-ahead-log mode with `synchronous = NORMAL`. A
///   committed insert or delete survives the app crashing; a power loss or operating-system crash
///   may lose the last commits, but never leaves a half-written cache.
/// - Concurrency: the store is safe to use from many tasks at once. It is an actor that owns one
///   connection, opened in SQLite's multi-thread mode (`SQLITE_OPEN_NOMUTEX`) and used only from
///   the actor, so calls on one store run one at a time and waiting callers suspend instead of
///   blocking a thread. A running SQLite call blocks its thread for as long as it takes (disk
///   I/O, or waiting up to ``busyTimeout`` for another connection's lock).
/// - Errors: every failure throws a ``SQLiteFeedStoreError`` naming what the store was doing.
public actor SQLiteFeedStore {
  /// How long a store waits by default for another connection's lock on the database.
  public static let defaultBusyTimeout: Duration = .seconds(5)

  /// The database file, or `nil` for a store made by ``inMemory()``.
  public nonisolated let storeURL: URL?
  /// How long an operation waits for another connection's lock before it throws `SQLITE_BUSY`.
  public nonisolated let busyTimeout: Duration

  /// The connection and its prepared statements, used only from this actor.
  internal let database: FeedDatabase

  /// Opens the store whose database is the file at `storeURL`, creating the file and its schema
  /// when it does not exist yet.
  ///
  /// The directory must exist. The schema is created on first open and its version recorded, so
  /// later versions of this code can migrate it; reopening an existing file keeps its cache.
  ///
  /// - Parameters:
  ///   - storeURL: A file URL for the database, such as `…/Caches/feed.sqlite`.
  ///   - busyTimeout: How long an operation waits for another connection (another store on the
  ///     same file, another process) to release its lock before it throws `SQLITE_BUSY`. Zero
  ///     fails at once. ``defaultBusyTimeout`` unless given.
  /// - Throws: ``SQLiteFeedStoreError``: ``SQLiteFeedStoreError/notAFileURL(_:)``;
  ///   ``SQLiteFeedStoreError/unsupportedSchemaVersion(found:newestSupported:path:)`` for a
  ///   database from a newer version of this code, which is left untouched; or
  ///   ``SQLiteFeedStoreError/sqlite(operation:resultCode:message:)`` when SQLite fails, with
  ///   `SQLITE_NOTADB` (26) for a file that is not a database and `SQLITE_CANTOPEN` (14) for a
  ///   file that cannot be opened or created.
  public init(storeURL: URL, busyTimeout: Duration = defaultBusyTimeout) throws {
    try self.init(location: .file(storeURL), storeURL: storeURL, busyTimeout: busyTimeout)
  }

  /// Opens a store whose database lives in memory and disappears with the store.
  ///
  /// Each call makes a new, empty, private database: two in-memory stores never share a cache.
  /// Use it for previews, tests and throwaway sessions.
  ///
  /// - Returns: An empty store.
  /// - Throws: ``SQLiteFeedStoreError/sqlite(operation:resultCode:message:)`` when SQLite cannot
  ///   open the database, for example out of memory.
  public static func inMemory() throws -> SQLiteFeedStore {
    try SQLiteFeedStore(location: .inMemory, storeURL: nil, busyTimeout: .zero)
  }

  private init(location: SQLiteConnection.Location, storeURL: URL?, busyTimeout: Duration) throws {
    self.storeURL = storeURL
    self.busyTimeout = busyTimeout
    self.database = try FeedDatabase(location: location, busyTimeout: busyTimeout)
  }

  // The connection closes when the store goes away: releasing the `FeedDatabase` finalizes its
  // statements, and its connection then closes with `sqlite3_close_v2`.
}
