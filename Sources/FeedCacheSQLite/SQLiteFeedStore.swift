import DurableStoreSupport
import FeedCache
import Foundation

/// A `FeedStore` that keeps its feed in an SQLite database, through the system's
/// SQLite library.
///
/// The feed survives relaunches: make a store on the same file URL to read it again. Every
/// operation is one transaction, so a failure leaves the cache as it was and a read never sees half
/// of a write, even from another store or process on the same file.
///
/// ```swift
/// let store = try SQLiteFeedStore(storeURL: cachesDirectory.appending(path: "feed.sqlite"))
/// try await store.insert(feed, timestamp: .now)
/// ```
///
/// - Opening: making a store only checks its URL; the file is opened by the first operation, so
///   whatever is wrong with it surfaces from `retrieve`, `insert` or `deleteCachedFeed`, and the
///   app can always recover through the store. A retrieve never writes to the file and never
///   creates it. The first insert creates a missing file, complete, in one step: a database is
///   built beside it and linked into place, so other stores never see a half-made one.
/// - Damaged storage: a file of the store's own that cannot be read (empty, not a database,
///   truncated, or broken inside, as SQLite's quick check finds when the store first opens the
///   file: pages two tables share, rows that break the schema's constraints) makes retrieve
///   throw ``SQLiteFeedStoreError/Reason/damagedStorage``; insert replaces it
///   and delete removes it; so is a file larger than ``maximumFileSize``, the largest cache the
///   store writes, found so from its size before SQLite opens it. A file that is not the
///   store's to change (another application's database, a database from a newer version of
///   this code, a directory, a symbolic link, which SQLite would write through) is refused by
///   every operation and never modified; so is anything but a regular file of this user's where
///   SQLite keeps the database's side files (`-wal`, `-shm`, `-journal`).
/// - Shared directories: a database file of another user's at the store's path, which anyone may
///   plant in a directory such as `/tmp`, is refused by every operation with
///   ``SQLiteFeedStoreError/Reason/anotherUsersFile(owner:)``, naming the owner and who can
///   remove it, before SQLite opens it; only in a directory this user may not write to, which
///   that user owns too, is it read as the cache (and never changed).
/// - Read-only storage: on a volume mounted read-only, or in a directory that is immutable or that
///   the user may not write to, where SQLite cannot make its log and the log's index, retrieve
///   still delivers the cache (it opens the file as immutable for that retrieve, when no log holds
///   commits), and insert and delete throw
///   ``SQLiteFeedStoreError/Reason/readOnlyStorage`` saying why; deleting when
///   nothing is cached succeeds.
/// - Full disk: a delete that SQLite cannot write into a full disk removes the database and its
///   side files instead, which frees their space, unless another connection has the database
///   open: it then throws `SQLITE_FULL`, saying so, and changes nothing.
/// - Values: timestamps are stored bit for bit (`-0.0` included); non-finite timestamps and URLs
///   whose `absoluteString` does not parse back as the same URL are refused before anything is
///   written. A URL is stored as its `absoluteString`: a relative URL with a base comes back as
///   the equivalent absolute URL, equal in `absoluteString` but not `==` to the one inserted.
/// - Storage: the file gives its free pages back after every write, and the write-ahead log is
///   truncated after a delete and whenever a write takes it past 4 MB, so a store that once held
///   a large feed does not keep its size.
/// - Durability: the database runs in write-ahead-log mode with `synchronous = NORMAL`. A
///   committed insert or delete survives the app crashing; a power loss or operating-system crash
///   may lose the last commits, but never leaves a half-written cache.
/// - Concurrency: the store is safe to use from many tasks at once. It owns one connection,
///   opened in SQLite's multi-thread mode (`SQLITE_OPEN_NOMUTEX`) and used only from a serial
///   dispatch queue of the store's own, so calls on one store run one at a time, in the order they
///   are made, and never on Swift's cooperative thread pool: a SQLite call that blocks (disk I/O,
///   or waiting up to ``busyTimeout`` for another connection's lock) blocks the store's queue,
///   while its caller suspends and every other task of the app goes on. A store that goes away
///   closes its connection on that queue too, after its last operation: shortly after, not at
///   the moment it is released (another store on the file waits for it, up to its busy timeout).
/// - Errors: every failure throws a ``SQLiteFeedStoreError`` naming the database's path and what
///   the store was doing.
public final class SQLiteFeedStore: Sendable {
  /// How long a store waits by default for another connection's lock on the database.
  public static let defaultBusyTimeout: Duration = .seconds(5)

  /// The longest database file name, in bytes, that leaves room for SQLite's `-wal` and `-shm`
  /// side files within the 255 bytes file systems allow a name.
  public static let maximumFileNameLength: Int = 255 - "-wal".utf8.count

  /// The most bytes the store's database holds, 1 GiB: an insert refuses a feed whose cache
  /// would be larger, and every operation takes a larger file at the store's path for damaged
  /// storage, found so from its size, and opens none of it.
  public static let maximumFileSize: Int = StoreFileSize.limit

  /// The database file, or `nil` for a store made by ``inMemory()``.
  public let storeURL: URL?
  /// How long an operation waits for another connection's lock before it throws `SQLITE_BUSY`,
  /// or for another store's lock on the directory, held while it removes a damaged file, before
  /// it throws `EWOULDBLOCK`.
  public let busyTimeout: Duration

  /// The storage, which every operation reaches through this queue, off the cooperative pool.
  let storage: BlockingWorkQueue<FeedStorage>

  /// Makes a store whose database is the file at `storeURL`, without touching the file.
  ///
  /// The file is opened by the first operation; the first insert creates it when it does not
  /// exist yet (its directory must exist). Making a store on an existing file keeps its cache.
  ///
  /// - Parameters:
  ///   - storeURL: A file URL for the database, such as `…/Caches/feed.sqlite`.
  ///   - busyTimeout: How long an operation waits for another connection (another store on the
  ///     same file, another process) to release its lock before it throws `SQLITE_BUSY`, and for
  ///     another store removing a damaged file to release the directory's before it throws
  ///     ``SQLiteFeedStoreError/Reason/fileSystem(code:)`` with `EWOULDBLOCK`.
  ///     Zero fails at once. ``defaultBusyTimeout`` unless given.
  /// - Throws: ``SQLiteFeedStoreError/Reason/notAFileURL`` for a URL that is not a file URL, and
  ///   ``SQLiteFeedStoreError/Reason/fileNameTooLong(bytes:limit:)`` for a file name longer than
  ///   ``maximumFileNameLength`` bytes. Never for what is (or is not) at the URL.
  public convenience init(storeURL: URL, busyTimeout: Duration = defaultBusyTimeout) throws {
    try self.init(
      storeURL: storeURL, busyTimeout: busyTimeout, maximumFileSize: Self.maximumFileSize)
  }

  /// Makes a store whose database holds at most `maximumFileSize` bytes, for tests of the bound
  /// that cannot afford a file of ``maximumFileSize``.
  ///
  /// - Parameters:
  ///   - storeURL: A file URL for the database.
  ///   - busyTimeout: How long an operation waits for another connection's lock.
  ///   - maximumFileSize: The most bytes the store writes to its database or opens.
  /// - Throws: What ``init(storeURL:busyTimeout:)`` throws.
  package init(storeURL: URL, busyTimeout: Duration, maximumFileSize: Int) throws {
    let path = try SQLiteFeedStoreError.reporting(.open) {
      try SQLiteConnection.path(of: storeURL)
    }
    let nameLength = path.utf8.split(separator: UInt8(ascii: "/")).last?.count ?? 0
    guard nameLength <= Self.maximumFileNameLength else {
      throw SQLiteFeedStoreError(
        .open,
        .fileNameTooLong(path: path, bytes: nameLength, limit: Self.maximumFileNameLength))
    }
    self.storeURL = storeURL
    self.busyTimeout = busyTimeout
    self.storage = BlockingWorkQueue(
      label: Self.queueLabel,
      state: FeedStorage(
        file: FeedStorageFile(
          path: path, busyTimeout: busyTimeout, maximumSize: maximumFileSize)))
  }

  /// Makes a store whose database lives in memory and disappears with the store.
  ///
  /// Each call makes a new, empty, private database: two in-memory stores never share a cache.
  /// Use it for previews, tests and throwaway sessions.
  ///
  /// - Returns: An empty store.
  /// - Throws: ``SQLiteFeedStoreError/Reason/sqlite(resultCode:)`` when SQLite
  ///   cannot open the database, for example out of memory.
  public static func inMemory() throws -> SQLiteFeedStore {
    try SQLiteFeedStore(inMemory: ())
  }

  private init(inMemory: Void) throws {
    self.storeURL = nil
    self.busyTimeout = .zero
    let database = try SQLiteFeedStoreError.reporting(.open) {
      try FeedDatabase(inMemoryWith: .zero, maximumSize: Self.maximumFileSize)
    }
    self.storage = BlockingWorkQueue(label: Self.queueLabel, state: FeedStorage(inMemory: database))
  }

  private static let queueLabel = "FeedCacheSQLite.SQLiteFeedStore"

  // The connection closes on the store's queue after the store goes away: `BlockingWorkQueue`
  // releases the `FeedDatabase` there, which finalizes its statements, and its connection then
  // closes with `sqlite3_close_v2`.
}
