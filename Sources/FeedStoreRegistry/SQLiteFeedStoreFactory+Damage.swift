import FeedStoreBackends
import FeedStoreSpecs
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Damage is real bytes and databases at the store's file, made after the store that cached the
/// feed has closed and its write-ahead log is checkpointed into the file, so the file holds
/// everything.
///
/// Snapshots hold the database file, its write-ahead log when it holds anything, and its rollback
/// journal; not the `-shm` index, which SQLite rebuilds from them and changes on every read.
extension SQLiteFeedStoreFactory: DamageableFeedStoreFactory {
  package static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
    switch damage {
    case .unreadable where geteuid() == 0:
      return .notApplicable(
        reason:
          "the tests run as root, whom file permissions do not stop, and SQLite's I/O has no "
          + "injection point without a VFS shim")
    default:
      return .applicable
    }
  }

  package func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed)
    async throws -> URL
  {
    let url = directory.appending(path: "\(UUID().uuidString).sqlite")
    switch damage {
    case .empty:
      // The store never leaves a zero-length file (it links a complete database into place),
      // so one is damage, not SQLite's "new, empty database".
      try Data().writeUnsynced(to: url)
    case .wrongShape:
      try Self.createDatabase(
        at: url,
        """
        CREATE TABLE \(FeedSchema.cacheTable) (name TEXT);
        CREATE TABLE \(FeedSchema.imageTable) (path TEXT, size INTEGER);
        INSERT INTO \(FeedSchema.imageTable) VALUES ('a.jpg', 12);
        PRAGMA user_version = \(FeedSchema.currentVersion);
        """)
    case .foreignStorage:
      try Self.createDatabase(
        at: url,
        """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
        INSERT INTO notes (body) VALUES ('another application''s data');
        """)
    case .directoryInPlace:
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      try Data("inside".utf8).writeUnsynced(to: url.appending(path: "file"))
    case .binaryGarbage:
      try DamageBytes.garbage().writeUnsynced(to: url)
    case .unrelatedFile:
      try DamageBytes.unrelatedText.writeUnsynced(to: url)
    default:
      try await Self.damageCommittedDatabase(at: url, holding: cache, with: damage)
    }
    return url
  }

  package func makeStore(over storage: URL) throws -> SQLiteFeedStore {
    try SQLiteFeedStore(storeURL: storage)
  }

  package func storageName(of storage: URL) -> String {
    storage.path(percentEncoded: false)
  }

  package func snapshot(of url: URL) throws -> StorageSnapshot {
    let name = url.lastPathComponent
    let directory = url.deletingLastPathComponent()
    // A link where the log belongs is read through, so a write through it shows.
    var items = try DamageBytes.items(at: [
      url, directory.appending(path: "\(name)-wal"), directory.appending(path: "\(name)-journal"),
    ])
    // Opening a database in WAL mode creates an empty log: that changes no data.
    if items["\(name)-wal"]?.isEmpty == true {
      items["\(name)-wal"] = nil
    }
    return StorageSnapshot(items: items)
  }

  /// Caches `cache` at `url` with a store that then closes, so its log is checkpointed into the
  /// file, and damages the file as `damage` says.
  private static func damageCommittedDatabase(
    at url: URL, holding cache: CachedFeed, with damage: StorageDamage
  ) async throws {
    try await commit(cache, at: url)
    let committed = try Data(contentsOf: url)
    let pageSize = Int(committed[16]) << 8 | Int(committed[17])
    switch damage {
    case .truncatedHeader:
      try committed.prefix(50).writeUnsynced(to: url)
    case .truncatedMidImage:
      // The last page holds the last images; cut it in half.
      try committed.prefix(committed.count - pageSize / 2).writeUnsynced(to: url)
    case .truncatedLastByte:
      try committed.dropLast().writeUnsynced(to: url)
    case .wrongValueTypes:
      try execute(
        """
        PRAGMA ignore_check_constraints = ON;
        UPDATE \(FeedSchema.cacheTable) SET timestamp = 'yesterday';
        UPDATE \(FeedSchema.imageTable) SET id = 'not sixteen bytes';
        """, at: url)
    case .newerFormatVersion:
      try execute("PRAGMA user_version = \(FeedSchema.currentVersion + 1)", at: url)
    case .unreadable:
      try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url.path)
    case .leftoverPartialWrite:
      // A log whose header is torn, as a writer killed while starting it leaves.
      try DamageBytes.garbage(count: 4_096).writeUnsynced(to: logURL(of: url))
    case .directoryInPlaceOfSideFile:
      try FileManager.default.createDirectory(
        at: logURL(of: url), withIntermediateDirectories: false)
      try Data("someone else's".utf8).writeUnsynced(to: logURL(of: url).appending(path: "file"))
    case .linkInPlaceOfSideFile:
      let target = url.appendingPathExtension("someone-else's")
      try Data("someone else's".utf8).writeUnsynced(to: target)
      try FileManager.default.createSymbolicLink(at: logURL(of: url), withDestinationURL: target)
    default:
      throw DamageSetupError(description: "\(damage.rawValue) is made without a committed cache")
    }
  }

  /// Where SQLite keeps the write-ahead log of the database at `url`.
  private static func logURL(of url: URL) -> URL {
    url.deletingLastPathComponent().appending(path: "\(url.lastPathComponent)-wal")
  }

  /// Inserts `cache` with a store of its own and moves every committed page into the file.
  ///
  /// A raw connection that does not sync creates the store's schema, with the store's own
  /// migrations, and stays open around the store, so the store neither creates the file nor is
  /// the last connection to close: both would sync, which proves nothing about bytes that are
  /// damaged next, and made these cases slow.
  private static func commit(_ cache: CachedFeed, at url: URL) async throws {
    let connection = try SQLiteConnection(location: .file(url), busyTimeout: .seconds(1))
    try connection.execute("PRAGMA synchronous = OFF", "skip syncing the setup")
    try connection.execute("PRAGMA journal_mode = WAL", "switch to write-ahead logging")
    try connection.execute(
      FeedSchema.migrations.joined(separator: "\n")
        + "\nPRAGMA user_version = \(FeedSchema.currentVersion);", "create the store's schema")
    try await insert(cache, at: url)
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)", "checkpoint the cache")
  }

  /// Inserts `cache` with a store whose connection is closed when this returns.
  private static func insert(_ cache: CachedFeed, at url: URL) async throws {
    let store = try SQLiteFeedStore(storeURL: url)
    try await store.insert(cache.feed, timestamp: cache.timestamp)
    await store.closeDatabase()
  }

  /// Runs `sql` on the database at `url` from a connection of its own, closed afterwards, so
  /// the change is in the file; without syncing, since what matters is the bytes, not their
  /// durability.
  private static func execute(_ sql: String, at url: URL) throws {
    let connection = try SQLiteConnection(location: .file(url), busyTimeout: .seconds(1))
    try connection.execute("PRAGMA synchronous = OFF", "skip syncing the damage")
    try connection.execute(sql, "damage the database")
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)", "checkpoint the damage")
  }

  /// Creates a database at `url` holding what `sql` makes, in SQLite's default rollback-journal
  /// mode, as another application would.
  private static func createDatabase(at url: URL, _ sql: String) throws {
    try execute(sql, at: url)
  }
}
