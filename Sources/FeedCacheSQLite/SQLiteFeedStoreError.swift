import Foundation

/// Why a ``SQLiteFeedStore`` could not do what it was asked, on which database, and why.
///
/// Its ``description`` is a sentence for a log or a bug report: what the store was doing (down
/// to the step, such as "insert the feed: open its directory"), the database's path, and what is
/// wrong. Switch over ``reason`` to tell the failures apart:
///
/// ```swift
/// do {
///   try await store.insert(feed, timestamp: .now)
/// } catch let error as SQLiteFeedStoreError where error.reason == .readOnlyStorage {
///   // Retrieve still works; tell the user the cache cannot be updated.
/// }
/// ```
///
/// Damaged storage comes in two kinds. The store's own storage that cannot be read
/// (``Reason/damagedStorage``: an empty file, a file that is not a database, a truncated
/// database, the store's tables in another shape) is replaced by an insert and removed by a
/// delete. Storage that is not the store's to change (``Reason/foreignDatabase(tables:)``,
/// ``Reason/unsupportedFormatVersion(_:)``, ``Reason/notAFile``,
/// ``Reason/multipleLinks(count:)``, ``Reason/anotherUsersFile(owner:)``,
/// ``Reason/foreignSideFile``) is refused by every operation and never modified.
public struct SQLiteFeedStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The store operation that failed: making the store
  /// (``SQLiteFeedStore/init(storeURL:busyTimeout:)`` or ``SQLiteFeedStore/inMemory()``), or its
  /// retrieve, insert or delete.
  public enum Operation: Hashable, Sendable { case open, retrieve, insert, delete }

  /// What went wrong; ``detail`` says more.
  public enum Reason: Hashable, Sendable {
    /// SQLite returned a failure. `resultCode` is its extended result code (such as
    /// `SQLITE_BUSY`, 5, or `SQLITE_CONSTRAINT_TRIGGER`, 1811), whose low byte is the primary
    /// code; ``detail`` is the text of `sqlite3_errmsg` at the time of the failure.
    case sqlite(resultCode: Int32)
    /// The file is the store's own but cannot be read: ``detail`` says why (it is empty, it is
    /// not a database, it is truncated or corrupt, its tables are not in the store's shape). An
    /// insert replaces it and a delete removes it; a retrieve leaves it as it is.
    case damagedStorage
    /// The database belongs to another application: it holds `tables`, which are not the
    /// store's, so the store neither reads nor changes it.
    case foreignDatabase(tables: [String])
    /// The database records a schema version this code does not know, usually one written by a
    /// newer version of it, so the store neither reads nor changes it.
    case unsupportedFormatVersion(Int)
    /// Something other than a regular file, such as a directory or a symbolic link, is where the
    /// database file should be (``detail`` says what); the store never follows, writes into or
    /// removes it.
    case notAFile
    /// The database file has `count` names (hard links). SQLite keeps a write-ahead log per name,
    /// so a commit made through one name could be lost through another: the store neither reads
    /// nor changes it.
    case multipleLinks(count: Int)
    /// The database file belongs to `owner`, another user, who could have put it there: in a
    /// directory that others may write to, such as `/tmp`, anyone can plant a file at the
    /// store's path. The store neither reads, changes nor removes it; ``detail`` says who can
    /// remove it.
    case anotherUsersFile(owner: UInt32)
    /// The feed to insert makes a database larger than `limit` bytes, the largest cache the
    /// store writes (``SQLiteFeedStore/maximumFileSize``); nothing was written.
    case cacheTooLarge(limit: Int)
    /// Something the store did not make stands where SQLite keeps a side file of the database
    /// (its write-ahead log, the log's index or a rollback journal): an item that is not a file,
    /// or another user's file. ``detail`` names it, says what it is and who can remove it. The
    /// store leaves it alone and refuses every operation until it is gone.
    case foreignSideFile
    /// A stored row does not hold a valid value: for example an image id that is not a UUID or
    /// a URL that does not parse. `row` is the image's position, or the cache row's id.
    case corruptRow(table: String, row: Int64, column: String)
    /// The timestamp to insert is NaN or infinite, which the store cannot keep exactly; nothing
    /// was written.
    case nonFiniteTimestamp
    /// The URL of the image at `imageIndex` of the feed to insert would not read back as the
    /// same URL; nothing was written.
    case unrepresentableURL(imageIndex: Int)
    /// Nothing can be written to the storage, as ``detail`` says: its volume is mounted
    /// read-only, or its directory refuses new files (permissions, an immutable flag) where
    /// SQLite would have to create its log and the log's index. Retrieve still reads the cache;
    /// insert and delete throw this and change nothing.
    case readOnlyStorage
    /// The operating system refused a file operation: `code` is its `errno`, and ``detail`` its
    /// text.
    case fileSystem(code: Int32)
    /// The database file's name is `bytes` long, but SQLite needs room for the names of its side
    /// files (`-wal`, `-shm`) beside it: names of at most `limit` bytes work.
    case fileNameTooLong(bytes: Int, limit: Int)
    /// The store's URL is not a `file:` URL, so there is no file to open.
    case notAFileURL
  }

  /// The operation that failed.
  public let operation: Operation
  /// What the SQLite layer reported, which every other property reads.
  let failure: SQLiteFailure

  /// The error for `failure`, met while the store did `operation`.
  init(_ operation: Operation, _ failure: SQLiteFailure) {
    self.operation = operation
    self.failure = failure
  }

  /// What went wrong.
  public var reason: Reason {
    switch failure {
    case .sqlite(_, _, let resultCode, _): .sqlite(resultCode: resultCode)
    case .damagedStorage: .damagedStorage
    case .foreignDatabase(_, _, let tables): .foreignDatabase(tables: tables)
    case .unsupportedSchemaVersion(_, _, let found, _): .unsupportedFormatVersion(Int(found))
    case .notAFile: .notAFile
    case .multipleLinks(_, _, let count): .multipleLinks(count: count)
    case .anotherUsersFile(_, _, let owner, _): .anotherUsersFile(owner: owner)
    case .cacheTooLarge(_, _, let limit, _): .cacheTooLarge(limit: limit)
    case .foreignSideFile: .foreignSideFile
    case .corruptRow(_, _, let table, let row, let column, _):
      .corruptRow(table: table, row: row, column: column)
    case .unsupportedValue(_, _, let image?, _, _): .unrepresentableURL(imageIndex: image)
    case .unsupportedValue(_, _, nil, _, _): .nonFiniteTimestamp
    case .readOnlyStorage: .readOnlyStorage
    case .fileSystem(_, _, let code, _): .fileSystem(code: code)
    case .fileNameTooLong(_, let bytes, let limit): .fileNameTooLong(bytes: bytes, limit: limit)
    case .notAFileURL: .notAFileURL
    }
  }

  /// The database file; the URL given for ``Reason/notAFileURL``; `nil` for a store in memory.
  public var storeURL: URL? {
    if case .notAFileURL(let url) = failure { return url }
    guard let path = failure.path, path != SQLiteConnection.inMemoryPath else { return nil }
    return URL(filePath: path)
  }

  /// The details: SQLite's or the operating system's message, or what exactly is wrong with
  /// the storage or the values.
  public var detail: String {
    switch failure {
    case .sqlite(_, _, _, let message), .fileSystem(_, _, _, let message): message
    case .damagedStorage(_, _, let problem), .corruptRow(_, _, _, _, _, let problem),
      .unsupportedValue(_, _, _, _, let problem), .cacheTooLarge(_, _, _, let problem):
      problem
    case .anotherUsersFile(_, _, _, let refusal): refusal
    case .foreignDatabase(_, _, let tables): "its tables are \(tables.joined(separator: ", "))"
    case .unsupportedSchemaVersion(_, _, _, let newestSupported):
      "this code supports versions up to \(newestSupported)"
    case .notAFile(_, _, let item): "it is \(item)"
    case .multipleLinks(_, _, let count): "it has \(count) names"
    case .foreignSideFile(_, _, let sideFile, let refusal): "\(sideFile) \(refusal)"
    case .readOnlyStorage(_, _, let reason): reason
    case .fileNameTooLong(_, let bytes, let limit):
      "its file name is \(bytes) bytes; at most \(limit) leave room for SQLite's side files"
    case .notAFileURL(let url): url.scheme.map { "its scheme is \($0)" } ?? "it has no scheme"
    }
  }

  /// SQLite's extended result code, when SQLite reported the failure.
  public var resultCode: Int32? {
    failure.resultCode
  }

  /// The failure as one sentence: what the store was doing, on which database, and why.
  public var description: String {
    failure.description
  }
}
