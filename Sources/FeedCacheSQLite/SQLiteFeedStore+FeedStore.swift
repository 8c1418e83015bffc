import CSQLite
import FeedCache
import Foundation

extension SQLiteFeedStore: FeedStore {
  /// Removes the cached feed, if any, in one write transaction, and shrinks the file and its log.
  ///
  /// A file of the store's own that cannot be read (see
  /// ``SQLiteFeedStoreError/damagedStorage(operation:path:problem:)``) is removed with its side
  /// files; a missing file stays missing.
  ///
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be changed, for example
  ///   `SQLITE_BUSY` when another connection holds the write lock past ``busyTimeout``, or when the
  ///   file is not the store's to change; the storage is then left as it was.
  public func deleteCachedFeed() async throws {
    try write(.delete, "delete the cached feed") { database, operation in
      try database.delete(operation)
    }
  }

  /// Replaces the cached feed with `feed`, cached at `timestamp`, in one write transaction.
  ///
  /// A missing file is created, and a file of the store's own that cannot be read is replaced.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order; duplicates are kept. An empty array caches an empty
  ///     feed. Each URL is stored as its `absoluteString`.
  ///   - timestamp: When the feed was cached; stored bit for bit.
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be changed or is not the store's
  ///   to change, or
  ///   ``SQLiteFeedStoreError/unsupportedValue(operation:path:image:field:problem:)`` for a
  ///   timestamp that is not finite or a URL that would not read back; the previous cache is then
  ///   left as it was.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try write(.insert, "insert the feed") { database, operation in
      try database.insert(feed, timestamp: timestamp, operation)
    }
  }

  /// Delivers the cached feed, read in one transaction so it is never half of a write.
  ///
  /// It never writes to the file, and a missing file is not created.
  ///
  /// - Returns: The cached feed, or `nil` when nothing is cached (or there is no file yet).
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be read:
  ///   ``SQLiteFeedStoreError/damagedStorage(operation:path:problem:)`` for a file of the store's
  ///   own that cannot be read, a refusal for a file that is not the store's, or
  ///   ``SQLiteFeedStoreError/corruptRow(operation:path:table:row:column:problem:)`` when a stored
  ///   value does not decode; nothing is changed.
  public func retrieve() async throws -> CachedFeed? {
    let operation = "retrieve the cached feed"
    guard let database = try openDatabase(for: .retrieve, operation) else { return nil }
    do {
      return try database.retrieve(operation)
    } catch let error as SQLiteFeedStoreError where error.meansDamagedStorage {
      self.database = nil
      guard case .sqlite(_, let path, _, let message) = error else { throw error }
      throw SQLiteFeedStoreError.damagedStorage(
        operation: operation, path: path, problem: "SQLite cannot read the database: \(message)")
    }
  }
}

// MARK: - Opening the database

extension SQLiteFeedStore {
  /// Creates the database file when it is missing (or replaces the store's damaged file) and
  /// opens it, as the first insert would, without caching anything.
  ///
  /// For test support that changes a store's database from a second connection before the store
  /// has written to it.
  ///
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be created or opened.
  package func createDatabaseIfNeeded() throws {
    _ = try openDatabase(for: .insert, "create the database")
  }

  /// What an operation does to the storage, which decides what it does with damaged storage.
  private enum Access {
    case retrieve
    case insert
    case delete
  }

  /// Runs a write on the database, replacing (insert) or removing (delete) the store's storage
  /// when SQLite finds it damaged on the way.
  private func write(
    _ access: Access, _ operation: String,
    _ body: (FeedDatabase, String) throws -> Void
  ) throws {
    guard let database = try openDatabase(for: access, operation) else { return }
    do {
      try body(database, operation)
    } catch let error as SQLiteFeedStoreError where error.meansDamagedStorage {
      guard let storage else { throw error }
      self.database = nil
      try storage.remove(operation)
      guard let replacement = try openDatabase(for: access, operation) else { return }
      try body(replacement, operation)
    }
  }

  /// The open database, opening it first when needed; `nil` when there is nothing to operate on
  /// (no file to read or delete, or a damaged file that a delete removed).
  ///
  /// Each pass looks at the file and either opens it or changes it (creates a missing file,
  /// removes a damaged one): replacing damaged storage takes three. Another store may change the
  /// file between passes, or remove it while this pass opens it (then the file is gone and
  /// opening it failed), so a few more are allowed, and no more.
  private func openDatabase(for access: Access, _ operation: String) throws -> FeedDatabase? {
    if let database { return database }
    guard let storage else { return nil }
    for _ in 0..<6 {
      do {
        switch try storage.inspect(operation) {
        case .missing:
          break
        case .damaged(let problem):
          guard access != .retrieve else {
            throw SQLiteFeedStoreError.damagedStorage(
              operation: operation, path: storage.path, problem: problem)
          }
          try storage.remove(operation)
          guard access == .insert else { return nil }
          continue
        case .current(let version):
          let database = try FeedDatabase(
            path: storage.path, version: version, busyTimeout: busyTimeout, operation)
          self.database = database
          return database
        }
      } catch let error as SQLiteFeedStoreError
        where error.meansFileWentAway && !storage.exists
      {
        continue
      }
      guard access == .insert else { return nil }
      try storage.create(operation)
    }
    throw SQLiteFeedStoreError.sqlite(
      operation: operation, path: storage.path, resultCode: SQLITE_BUSY,
      message: "another process kept replacing the file while the store opened it")
  }
}

extension SQLiteFeedStoreError {
  /// SQLite's primary result code (the extended code's low byte), when SQLite reported the
  /// failure.
  fileprivate var primaryResultCode: Int32? {
    resultCode.map { $0 & 0xFF }
  }

  /// Whether opening the file failed because it was not there (it may have been there a moment
  /// before).
  fileprivate var meansFileWentAway: Bool {
    if case .fileSystem(_, _, ENOENT, _) = self { return true }
    return primaryResultCode == SQLITE_CANTOPEN
  }

  /// Whether SQLite failed because the file is not a database it can read.
  fileprivate var meansDamagedStorage: Bool {
    primaryResultCode == SQLITE_NOTADB || primaryResultCode == SQLITE_CORRUPT
  }
}
