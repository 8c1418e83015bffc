import FeedCacheSQLite
import FeedStoreSpecs
import Foundation
import Synchronization

/// Makes ``FeedCacheSQLite/SQLiteFeedStore``s in one directory, with every capability.
///
/// Each store gets its own database file and a zero busy timeout, so a lock that is held fails at
/// once instead of waiting. Faults are real and made at the database, from a second connection to
/// the store's file, never by a wrapper; each is deterministic because SQLite checks it on every
/// transaction the store starts, with no timing involved:
///
/// - Retrieval: the image table is dropped. The store's next read transaction sees the changed
///   schema, re-prepares its cached statement and fails with "no such table", every time.
/// - Insertion: a trigger raises `ABORT` on inserting the cache row, after the insert has already
///   deleted the previous cache in its transaction, so the failure also proves the rollback.
/// - Deletion: the second connection holds the write lock (`BEGIN IMMEDIATE`, never committed).
///   The store's delete begins with `BEGIN IMMEDIATE` too and fails with `SQLITE_BUSY`, even on
///   an empty store, while reads go on under write-ahead logging. (A trigger would not do here:
///   row triggers never fire on an empty table.) The factory keeps that connection open for its
///   own life: until the factory is gone, every store over that file fails to write.
package struct SQLiteFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory {
  let directory: URL
  private let writeLocks = WriteLocks()

  /// Creates a factory whose stores keep their files in `directory`.
  ///
  /// - Parameter directory: An existing directory that only this factory's stores use.
  package init(directory: URL) {
    self.directory = directory
  }

  package func makeStore() async throws -> SQLiteFeedStore {
    let store = try SQLiteFeedStore(
      storeURL: directory.appending(path: "\(UUID().uuidString).sqlite"), busyTimeout: .zero)
    // A store creates its file on first insert; create it now, as after an app's first use, so
    // that faults can be made at its tables and the benchmark times only the operation.
    try await store.createDatabaseIfNeeded()
    return store
  }

  package func makeStore(sharingStorageWith store: SQLiteFeedStore) throws -> SQLiteFeedStore {
    try SQLiteFeedStore(storeURL: try storeURL(of: store), busyTimeout: .zero)
  }

  /// Drops the image table, so that every later retrieve fails with "no such table".
  package func makeRetrievalFail(for store: SQLiteFeedStore) throws {
    try connection(to: store).execute(
      "DROP TABLE \(FeedSchema.imageTable)", "drop the image table to break retrieval")
  }

  /// Installs a trigger that aborts inserting the cache row, so that every later insert fails
  /// in the middle of its transaction.
  package func makeInsertionFail(for store: SQLiteFeedStore) throws {
    try connection(to: store).execute(
      """
      CREATE TRIGGER injected_insertion_fault BEFORE INSERT ON \(FeedSchema.cacheTable)
      BEGIN SELECT RAISE(ABORT, 'injected fault: insertion refused'); END
      """,
      "install a trigger to break insertion")
  }

  /// Takes the database's write lock and keeps it for the factory's life, so that every later
  /// delete fails with `SQLITE_BUSY`.
  package func makeDeletionFail(for store: SQLiteFeedStore) throws {
    try writeLocks.take(on: try storeURL(of: store))
  }

  /// A second, raw connection to `store`'s file.
  private func connection(to store: SQLiteFeedStore) throws -> SQLiteConnection {
    try SQLiteConnection(
      location: .file(try storeURL(of: store)), busyTimeout: WriteLocks.setupBusyTimeout)
  }

  private func storeURL(of store: SQLiteFeedStore) throws -> URL {
    guard let storeURL = store.storeURL else { throw InMemoryStoreError() }
    return storeURL
  }
}

/// Connections that hold a database's write lock, closed (rolling their transaction back) when
/// the factory that opened them goes away.
private final class WriteLocks: Sendable {
  /// How long a fault's connection waits for a lock.
  ///
  /// The store is idle while a fault is made, so nothing waits; the timeout only rides out an
  /// unexpected lock instead of failing spuriously.
  static let setupBusyTimeout: Duration = .seconds(1)

  // `SQLiteConnection` is not `Sendable`: each is opened, used and released inside this `Mutex`.
  private let connections = Mutex<[SQLiteConnection]>([])

  /// Opens a connection to the database at `storeURL` that takes its write lock and keeps it.
  func take(on storeURL: URL) throws {
    try connections.withLock { connections in
      let holder = try SQLiteConnection(
        location: .file(storeURL), busyTimeout: Self.setupBusyTimeout)
      try holder.execute("BEGIN IMMEDIATE", "take the write lock to break deletion")
      connections.append(holder)
    }
  }
}

/// Thrown when a fault or a second instance is asked for a store that has no file.
private struct InMemoryStoreError: Error, CustomStringConvertible {
  var description: String {
    "The SQLite store lives in memory: it has no file for a second connection to open"
  }
}
