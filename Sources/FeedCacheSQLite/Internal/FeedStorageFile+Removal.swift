import CSQLite
import Foundation

/// Removing the store's damaged file, or a file on a disk too full to write a deletion into.
extension FeedStorageFile {
  /// Removes the store's damaged file and the side files SQLite keeps beside it.
  ///
  /// Stores remove one at a time, each holding an advisory lock on the file's directory
  /// (`flock`), and each looks at the file again under it: another store may have replaced the
  /// damaged file with a good one meanwhile, which is then kept. Without that lock, a store that
  /// had seen the damaged file could remove the new file, and its log, from under the store that
  /// had just created it. When SQLite can lock the file, the store also holds its write lock, so
  /// a file another connection is writing is never removed: that fails with `SQLITE_BUSY`. A file
  /// that is gone already needs nothing.
  ///
  /// - Parameters:
  ///   - operation: What the store was doing, for errors.
  ///   - structureBroken: Whether the file was found damaged inside, with a sound header, by
  ///     SQLite's quick check; the check then runs again under the lock.
  /// - Throws: ``SQLiteFailure`` when the file or the directory's lock is in use past the
  ///   busy timeout, the file is no longer the store's to remove, or it cannot be removed.
  func remove(_ operation: String, structureBroken: Bool = false) throws {
    try withDatabaseToRemove(operation) { connection, isLocked in
      do {
        try connection.execute("BEGIN IMMEDIATE", operation)
      } catch let error as SQLiteFailure {
        // A file that is not a database (or not one SQLite can read) has no lock to honor.
        guard error.meansDamagedStorage else { throw error }
      }
      defer { connection.rollBackIfNeeded() }
      switch try inspect(operation, scope: .inside(isLocked: isLocked)) {
      case .damaged:
        break
      case .current where structureBroken:
        // Another store may have replaced the file meanwhile.
        guard try connection.structuralProblem(operation) != nil else { return }
      case .current, .missing:
        return
      }
      try removeDatabaseFiles(operation)
    }
  }

  /// Removes the database and its side files after SQLite could not write a deletion into a full
  /// disk (`failure`): that frees their space, and deletes the cache all the same.
  ///
  /// Only while no other connection has the database open, or that one would go on reading a
  /// file that is gone: the store takes SQLite's exclusive lock, which any open connection
  /// prevents, in exclusive locking mode, which needs no shared memory and so writes nothing. As
  /// every removal, under the directory's lock.
  ///
  /// - Throws: `failure`, saying so, when another connection has the database open; another
  ///   ``SQLiteFailure`` when the files cannot be removed.
  func removeToFreeSpace(_ operation: String, after failure: SQLiteFailure) throws {
    try withDatabaseToRemove(operation) { connection, _ in
      do {
        try connection.execute("PRAGMA locking_mode = EXCLUSIVE", operation)
        try connection.execute("BEGIN EXCLUSIVE", operation)
      } catch let error as SQLiteFailure where error.primaryResultCode == SQLITE_BUSY {
        guard case .sqlite(let failed, _, let resultCode, let message) = failure else {
          throw failure
        }
        throw SQLiteFailure.sqlite(
          operation: failed, path: path, resultCode: resultCode,
          message: "\(message), and another connection has the database open, so the store "
            + "could not remove it to free the space")
      }
      defer { connection.rollBackIfNeeded() }
      try removeDatabaseFiles(operation)
    }
  }

  /// Runs `body` with a connection of its own to the database, holding the directory's lock, as
  /// every removal does, and telling it whether it could; does nothing when the file is gone.
  private func withDatabaseToRemove(
    _ operation: String, _ body: (SQLiteConnection, _ isLocked: Bool) throws -> Void
  ) throws {
    try withDirectoryLocked(operation) { isLocked in
      let connection: SQLiteConnection
      do {
        connection = try SQLiteConnection(
          path: path, mode: .readWrite, busyTimeout: busyTimeout, operation: operation)
      } catch let error as SQLiteFailure where error.meansFileWentAway {
        return
      }
      try body(connection, isLocked)
    }
  }

  /// Removes the database file and the side files beside it.
  private func removeDatabaseFiles(_ operation: String) throws {
    for suffix in Self.sideFileSuffixes + [""] {
      if let code = Self.removeFile(at: path + suffix) {
        throw posixError(code, "\(operation): remove \(path + suffix)")
      }
    }
  }
}
