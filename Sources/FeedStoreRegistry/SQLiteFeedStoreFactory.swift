import FeedStoreBackends
import FeedStoreSpecs
import Foundation

/// Makes ``FeedCacheSQLite/SQLiteFeedStore``s in one directory, with every capability.
///
/// Each store gets its own database file and the store's default busy timeout, so stores over
/// one file wait for each other's writes as an app's would. Faults are real and made at the
/// database, from a second connection to the store's file, never by a wrapper; each is
/// deterministic because SQLite checks it on every transaction the store starts, with no timing
/// involved:
///
/// - Retrieval: the image table is dropped. The store's next read transaction sees the changed
///   schema, re-prepares its cached statement and fails with "no such table", every time.
/// - Insertion: a trigger raises `ABORT` on inserting the cache row, after the insert has already
///   deleted the previous cache in its transaction, so the failure also proves the rollback.
/// - Deletion: a trigger raises `ABORT` on deleting the cache row, so a delete with a cache to
///   delete fails and rolls back. Row triggers never fire on an empty table, so deleting from an
///   empty store still succeeds, as the contract allows: deleting nothing is not an error.
package struct SQLiteFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory, Codable
{
  let directory: URL

  /// Creates a factory whose stores keep their files in `directory`.
  ///
  /// - Parameter directory: An existing directory that only this factory's stores use.
  package init(directory: URL) {
    self.directory = directory
  }

  /// How long a fault's connection waits for a lock.
  ///
  /// The store is idle while a fault is made, so nothing waits; the timeout only rides out an
  /// unexpected lock instead of failing spuriously.
  private static let setupBusyTimeout: Duration = .seconds(1)

  package func makeStore() throws -> SQLiteFeedStore {
    // The file is created by the store's first insert, or by a fault, which needs its tables:
    // most specs never need it before then, and creating one syncs twice.
    try SQLiteFeedStore(storeURL: directory.appending(path: "\(UUID().uuidString).sqlite"))
  }

  package func makeStore(sharingStorageWith store: SQLiteFeedStore) throws -> SQLiteFeedStore {
    try SQLiteFeedStore(storeURL: try storeURL(of: store))
  }

  /// Drops the image table, so that every later retrieve fails with "no such table".
  package func makeRetrievalFail(for store: SQLiteFeedStore) async throws {
    try await connection(to: store).execute(
      "DROP TABLE \(FeedSchema.imageTable)", "drop the image table to break retrieval")
  }

  /// Installs a trigger that aborts inserting the cache row, so that every later insert fails
  /// in the middle of its transaction.
  package func makeInsertionFail(for store: SQLiteFeedStore) async throws {
    try await connection(to: store).execute(
      """
      CREATE TRIGGER injected_insertion_fault BEFORE INSERT ON \(FeedSchema.cacheTable)
      BEGIN SELECT RAISE(ABORT, 'injected fault: insertion refused'); END
      """,
      "install a trigger to break insertion")
  }

  /// Installs a trigger that aborts deleting the cache row, so that every later delete of a
  /// cache fails in the middle of its transaction.
  package func makeDeletionFail(for store: SQLiteFeedStore) async throws {
    try await connection(to: store).execute(
      """
      CREATE TRIGGER injected_deletion_fault BEFORE DELETE ON \(FeedSchema.cacheTable)
      BEGIN SELECT RAISE(ABORT, 'injected fault: deletion refused'); END
      """,
      "install a trigger to break deletion")
  }

  /// A second, raw connection to `store`'s file, which is created first, as the store's first
  /// insert would create it, when the store has not made it yet.
  private func connection(to store: SQLiteFeedStore) async throws -> SQLiteConnection {
    try await store.createDatabaseIfNeeded()
    return try SQLiteConnection(
      location: .file(try storeURL(of: store)), busyTimeout: Self.setupBusyTimeout)
  }

  private func storeURL(of store: SQLiteFeedStore) throws -> URL {
    guard let storeURL = store.storeURL else { throw InMemoryStoreError() }
    return storeURL
  }
}

/// Thrown when a fault or a second instance is asked for a store that has no file.
private struct InMemoryStoreError: Error, CustomStringConvertible {
  var description: String {
    "The SQLite store lives in memory: it has no file for a second connection to open"
  }
}
