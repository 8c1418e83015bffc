import CSQLite
import FeedCache
import Foundation

/// A store's storage as its operations see it: the database file, and the database once an
/// operation opened it.
///
/// Only the store's ``BlockingWorkQueue`` touches it, one operation at a time, off the
/// cooperative pool: every method may block on the disk or on another connection's lock.
struct FeedStorage {
  /// The database file, or `nil` for a store made in memory.
  let file: FeedStorageFile?
  /// The open database, once an operation found it readable.
  private var database: FeedDatabase?
  /// The file's directory as this storage last removed what killed writers left in it.
  private var directoryAtLastCleanup: FeedStorageFile.DirectoryVersion?

  /// Storage over the database file `file`, not opened yet.
  init(file: FeedStorageFile) {
    self.file = file
    self.database = nil
    self.directoryAtLastCleanup = nil
  }

  /// Storage in memory, open from the start.
  init(inMemory database: FeedDatabase) {
    self.file = nil
    self.database = database
    self.directoryAtLastCleanup = nil
  }

  /// Removes the cached feed, if any; a damaged file of the store's own goes with it, and so does
  /// a file on a disk too full for SQLite to write the deletion, which frees its space.
  mutating func delete() throws {
    let operation = "delete the cached feed"
    do {
      try write(.delete, operation) { database, operation in
        try database.delete(operation)
      }
    } catch let error as SQLiteFailure where error.primaryResultCode == SQLITE_FULL {
      guard let file else { throw error }
      // The store's own connection would keep the files, and their space, while it is open.
      database = nil
      try file.removeToFreeSpace(operation, after: error)
    }
  }

  /// Replaces the cached feed; a missing file is created, and a damaged one replaced.
  mutating func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    try write(.insert, "insert the feed") { database, operation in
      try database.insert(feed, timestamp: timestamp, operation)
    }
  }

  /// The cached feed, read without writing anything.
  mutating func retrieve() throws -> CachedFeed? {
    let operation = "retrieve the cached feed"
    do {
      if database == nil, let file, let reason = file.readOnlyReason() {
        return try Self.retrieve(fromReadOnly: file, because: reason, operation)
      }
      guard let database = try openDatabase(for: .retrieve, operation) else { return nil }
      return try database.retrieve(operation)
    } catch let error as SQLiteFailure {
      guard let problem = error.unreadableDatabaseProblem, let path = error.path else {
        throw error
      }
      self.database = nil
      throw SQLiteFailure.damagedStorage(operation: operation, path: path, problem: problem)
    }
  }

  /// Creates the database file when it is missing (or replaces the store's damaged file) and
  /// opens it, as the first insert would, without caching anything.
  mutating func createDatabaseIfNeeded() throws {
    _ = try openDatabase(for: .insert, "create the database")
  }

  /// Closes the connection, if the storage is a file; the next operation opens it again.
  mutating func closeDatabase() {
    guard file != nil else { return }
    database = nil
  }

  /// What an operation does to the storage, which decides what it does with damaged storage.
  enum Access {
    case retrieve
    case insert
    case delete
  }

  /// Runs a write on the database, replacing (insert) or removing (delete) the store's storage
  /// when SQLite finds it damaged on the way.
  mutating func write(
    _ access: Access, _ operation: String,
    _ body: (FeedDatabase, String) throws -> Void
  ) throws {
    file?.tryRemovingLeftoversOfKilledCreations(since: &directoryAtLastCleanup)
    guard let database = try openDatabase(for: access, operation) else { return }
    do {
      try body(database, operation)
    } catch let error as SQLiteFailure where error.meansDamagedStorage {
      guard let file else { throw error }
      self.database = nil
      try file.remove(operation)
      guard let replacement = try openDatabase(for: access, operation) else { return }
      try body(replacement, operation)
    }
  }

  /// The open database, opening it first when needed; `nil` when there is nothing to operate on
  /// (no file to read or delete, or a damaged file that a delete removed).
  ///
  /// Each pass looks at the file and either opens it or changes it (creates a missing file,
  /// removes a damaged one): replacing damaged storage takes three. Another store may change the
  /// file between passes, or remove it while this pass opens it (opening then fails, whether or
  /// not a third store has made a new file since), so a few more are allowed, and no more.
  private mutating func openDatabase(for access: Access, _ operation: String) throws
    -> FeedDatabase?
  {
    if let database { return database }
    guard let file else { return nil }
    if access != .retrieve, let reason = file.readOnlyReason() {
      // Deleting nothing needs no write.
      guard access == .delete, file.isMissing else {
        throw SQLiteFailure.readOnlyStorage(
          operation: operation, path: file.path, reason: reason)
      }
      return nil
    }
    // Why the last pass could not open the file, when it could not.
    var lastFailure: SQLiteFailure?
    for _ in 0..<6 {
      lastFailure = nil
      do {
        switch try file.inspect(operation) {
        case .missing:
          break
        case .damaged(let problem):
          guard access != .retrieve else {
            throw SQLiteFailure.damagedStorage(
              operation: operation, path: file.path, problem: problem)
          }
          try file.remove(operation)
          guard access == .insert else { return nil }
          continue
        case .current(let version):
          switch try Self.open(file, at: version, operation) {
          case .sound(let database):
            self.database = database
            return database
          case .damaged(let problem):
            guard access != .retrieve else {
              throw SQLiteFailure.damagedStorage(
                operation: operation, path: file.path, problem: problem)
            }
            try file.remove(operation, structureBroken: true)
            guard access == .insert else { return nil }
            continue
          }
        }
      } catch let error as SQLiteFailure where error.meansFileWentAway {
        lastFailure = error
        continue
      }
      guard access == .insert else { return nil }
      try file.create(operation)
    }
    throw lastFailure
      ?? SQLiteFailure.sqlite(
        operation: operation, path: file.path, resultCode: SQLITE_BUSY,
        message: "another process kept replacing the file while the store opened it")
  }
}

extension FeedStorage {
  /// Reads the cache from storage nothing can be written to, as `reason` says, through a
  /// connection opened for this retrieve only: one kept open would go on trusting a file opened
  /// as immutable after the storage became writable again.
  fileprivate static func retrieve(
    fromReadOnly file: FeedStorageFile, because reason: String, _ operation: String
  ) throws -> CachedFeed? {
    let mode = try file.readingMode(onReadOnlyStorage: reason, operation)
    switch try file.inspect(operation, readingAs: mode) {
    case .missing:
      return nil
    case .damaged(let problem):
      throw SQLiteFailure.damagedStorage(
        operation: operation, path: file.path, problem: problem)
    case .current(let version):
      let database = try FeedDatabase(
        path: file.path, version: version, busyTimeout: file.busyTimeout,
        maximumSize: file.maximumSize, mode: mode, operation)
      if let problem = try database.structuralProblem(operation) {
        throw SQLiteFailure.damagedStorage(
          operation: operation, path: file.path, problem: problem)
      }
      return try database.retrieve(operation)
    }
  }

  /// An existing file of the store's own, opened and checked.
  fileprivate enum OpenedFile {
    case sound(FeedDatabase)
    /// The file's structure is broken, as the text says; its connection is closed already.
    case damaged(String)
  }

  /// Opens the database in `file` and checks its structure, closing it again when it is broken,
  /// so that the file can be removed with no connection left to write to its side files.
  fileprivate static func open(
    _ file: FeedStorageFile, at version: Int32, _ operation: String
  ) throws -> OpenedFile {
    let database = try FeedDatabase(
      path: file.path, version: version, busyTimeout: file.busyTimeout,
      maximumSize: file.maximumSize, operation)
    guard let problem = try database.structuralProblem(operation) else { return .sound(database) }
    return .damaged(problem)
  }
}
