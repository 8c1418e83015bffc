import CSQLite
import Foundation

/// What a failure means for the storage, as the store's recovery decides what to do next.
extension SQLiteFailure {
  /// SQLite's primary result code (the extended code's low byte), when SQLite reported the
  /// failure.
  var primaryResultCode: Int32? {
    resultCode.map { $0 & 0xFF }
  }

  /// Whether opening the file failed because it was not there (it may have been there a moment
  /// before).
  var meansFileWentAway: Bool {
    if case .fileSystem(_, _, ENOENT, _) = self { return true }
    return primaryResultCode == SQLITE_CANTOPEN
  }

  /// Whether SQLite failed because the file is not a database it can read.
  var meansDamagedStorage: Bool {
    primaryResultCode == SQLITE_NOTADB || primaryResultCode == SQLITE_CORRUPT
  }

  /// What is wrong with the database, as damaged storage states it, when SQLite failed because
  /// it cannot read the file; `nil` for any other failure.
  var unreadableDatabaseProblem: String? {
    guard meansDamagedStorage, case .sqlite(_, _, _, let message) = self else { return nil }
    return "SQLite cannot read the database: \(message)"
  }
}
