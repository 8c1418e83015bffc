import CSQLite
import DurableStoreSupport
import Foundation

/// The database file of a ``SQLiteFeedStore``: what is at its path, and how to create it or
/// remove it without ever changing a file that is not the store's own.
///
/// ``inspect(_:)`` writes nothing, not even to a damaged file. ``create(_:)`` builds a new
/// database beside the path and links it into place only if nothing is there yet, so no other
/// store or process ever sees a half-made file. ``remove(_:structureBroken:)`` deletes only a file
/// the store owns. Both hold an advisory lock on the directory, which is how a store tells what
/// a writer killed while creating a database left behind from a creation still under way.
///
/// This file looks at the path; `FeedStorageFile+Creation.swift` creates the database and
/// `FeedStorageFile+Removal.swift` removes it.
struct FeedStorageFile {
  /// What is at the store's path.
  enum State {
    /// Nothing: no feed is cached.
    case missing
    /// A database of the store's own format, at `version` (old versions are read, and migrated
    /// by the first write).
    case current(version: Int32)
    /// The store's own storage, unreadable for the reason given: an insert replaces it and a
    /// delete removes it.
    case damaged(String)
  }

  /// The database file's path.
  let path: String

  /// How long the store waits for another connection's lock, or another store's lock on the
  /// directory.
  let busyTimeout: Duration

  /// The directory that holds the database file.
  let directory: String

  /// The most bytes the database file holds: a larger one is the store's damaged storage, and
  /// is not opened.
  let maximumSize: Int

  /// The database file at `path`, of at most `maximumSize` bytes, whose store waits up to
  /// `busyTimeout` for another's locks.
  init(path: String, busyTimeout: Duration, maximumSize: Int) {
    self.path = path
    self.busyTimeout = busyTimeout
    self.maximumSize = maximumSize
    let directory = (path as NSString).deletingLastPathComponent
    self.directory = directory.isEmpty ? "." : directory
  }

  /// The size of SQLite's file header.
  private static let headerSize = 100

  /// The first bytes of every SQLite database.
  private static let magic = Array("SQLite format 3\0".utf8)

  /// The suffixes of the files SQLite keeps beside a database.
  static let sideFileSuffixes = ["-wal", "-shm", "-journal"]

  /// Looks at what is at the path, reading only.
  ///
  /// - Parameters:
  ///   - operation: What the store is doing, for the error.
  ///   - mode: How to open the database to read its schema: ``SQLiteConnection/Mode/readOnly``,
  ///     or ``SQLiteConnection/Mode/immutable`` on storage that cannot be written to.
  ///   - scope: Whether the caller runs inside ``withDirectoryLocked(_:_:)`` already, as a
  ///     removal does (a second lock of this process would wait for the first), and with what.
  /// - Returns: What is there, when it is the store's to read or replace: a file larger than
  ///   ``maximumSize`` is damaged, found so from its size alone.
  /// - Throws: ``SQLiteFailure`` for storage the store must leave alone: a directory or a
  ///   symbolic link, another user's file, a file with a second name, another application's
  ///   database, a newer schema version, something that is not a file of this user's where a
  ///   side file belongs; or when it cannot be read at all.
  func inspect(
    _ operation: String, readingAs mode: SQLiteConnection.Mode = .readOnly,
    scope: DirectoryLockScope = .outside
  ) throws -> State {
    var info = stat()
    // Not followed: SQLite would write where a link points, and make its side files there.
    guard try status(&info, operation) else { return .missing }
    let item = FileItem(info)
    guard item.kind == .file else {
      throw SQLiteFailure.notAFile(operation: operation, path: path, item: item.phrase)
    }
    guard !item.isAnotherUsers(at: path) else {
      throw SQLiteFailure.anotherUsersFile(
        operation: operation, path: path, owner: item.owner,
        refusal: item.anotherUsersFileRefusal(at: path))
    }
    if item.linkCount > 1 {
      // A store creating the file gives it a second name (`.feedstore-<UUID>.new`), holding the
      // directory's lock until it removes that name. Under the lock, such a name is a writer's
      // killed between the two steps: it is removed, and the file looked at again.
      var settled = true
      let settle = { (isLocked: Bool) throws in
        if isLocked { removeLeftoversOfKilledCreations() }
        settled = try status(&info, operation)
      }
      switch scope {
      case .outside: try withDirectoryLocked(operation, settle)
      case .inside(let isLocked): try settle(isLocked)
      }
      guard settled else { return .missing }
      guard info.st_nlink <= 1 else {
        // SQLite keeps a write-ahead log per name, so a commit through one could be lost.
        throw SQLiteFailure.multipleLinks(
          operation: operation, path: path, count: Int(info.st_nlink))
      }
    }
    try checkSideFiles(operation)
    guard info.st_size <= maximumSize else {
      return .damaged(
        "the file " + StoreFileSize.refusal(ofFileHolding: Int(info.st_size), limit: maximumSize))
    }
    if let problem = try problemInHeader(fileSize: Int(info.st_size), operation) {
      return .damaged(problem)
    }
    return try inspectDatabase(operation, readingAs: mode)
  }

  /// Why nothing can be written to the storage now, or `nil` when a write can go ahead.
  ///
  /// That is a volume mounted read-only, or a directory that refuses new files (to this user, or
  /// to anyone when it is immutable) while SQLite would have to create its log and the log's
  /// index there: with both in place and writable, it writes without creating anything.
  func readOnlyReason() -> String? {
    var volume = statvfs()
    if statvfs(directory, &volume) == 0, volume.f_flag & UInt(ST_RDONLY) != 0 {
      return "its volume is mounted read-only"
    }
    guard !Self.isWritable(directory) else { return nil }
    let code = errno
    guard !Self.isWritable(path + "-wal") || !Self.isWritable(path + "-shm") else { return nil }
    switch code {
    case EROFS: return "its volume is read-only"
    case EACCES: return "this user may not create files in its directory"
    case EPERM: return "its directory is immutable"
    default: return nil  // A missing directory, say: what fails next says so.
    }
  }

  /// How to open the database to read it from storage that cannot be written to, as
  /// ``readOnlyReason()`` gives it: as immutable when its log holds nothing, as a store that
  /// closed cleanly leaves it; else as SQLite reads a read-only database with a log, which needs
  /// the log's index to be there already.
  ///
  /// - Throws: ``SQLiteFailure/readOnlyStorage(operation:path:reason:)`` when the log
  ///   holds commits but its index is missing, which SQLite cannot create there.
  func readingMode(onReadOnlyStorage reason: String, _ operation: String) throws
    -> SQLiteConnection.Mode
  {
    var log = stat()
    guard lstat(path + "-wal", &log) == 0, log.st_size > 0 else { return .immutable }
    guard access(path + "-shm", F_OK) == 0 else {
      throw SQLiteFailure.readOnlyStorage(
        operation: operation, path: path,
        reason: "\(reason), and its write-ahead log holds commits that SQLite can read only "
          + "with the log's index (-shm), which it cannot create there")
    }
    return .readOnly
  }

  /// Reads the status of what is at the path, not following a link, into `info`.
  ///
  /// - Returns: Whether anything is there.
  func status(_ info: inout stat, _ operation: String) throws -> Bool {
    guard lstat(path, &info) == 0 else {
      let code = errno
      guard code == ENOENT else { throw posixError(code, operation) }
      return false
    }
    return true
  }

  /// Whether nothing is at the path.
  var isMissing: Bool {
    var info = stat()
    return lstat(path, &info) != 0 && errno == ENOENT
  }

  /// Throws when anything but a regular file of this user's stands where SQLite keeps a side
  /// file of the database, before SQLite opens it: on a directory it fails forever, on a FIFO it
  /// waits forever, and a symbolic link it refuses (`O_NOFOLLOW`) forever too; another user's
  /// file it would read as the database's log, or fail to write forever, and in a directory such
  /// as `/tmp` this user cannot remove it.
  ///
  /// - Throws: ``SQLiteFailure/foreignSideFile(operation:path:sideFile:refusal:)``.
  func checkSideFiles(_ operation: String) throws {
    for suffix in Self.sideFileSuffixes {
      let item: FileItem?
      do {
        item = try FileItem(atPath: path + suffix)
      } catch {
        throw posixError(error.code.rawValue, operation)
      }
      // SQLite would write into another user's file, and read a log they wrote.
      guard let item, item.kind != .file || item.belongsToAnotherUser else { continue }
      throw SQLiteFailure.foreignSideFile(
        operation: operation, path: path, sideFile: path + suffix,
        refusal: item.refusal(at: path + suffix))
    }
  }

  /// What is wrong with the file's size or header, read without SQLite, or `nil` when they look
  /// like a database's.
  private func problemInHeader(fileSize: Int, _ operation: String) throws -> String? {
    guard fileSize > 0 else { return "the file is empty" }
    guard fileSize >= Self.headerSize else {
      return "the file is \(fileSize) bytes, too short to be an SQLite database"
    }
    let header = try readHeader(operation)
    guard header.starts(with: Self.magic) else { return "the file is not an SQLite database" }

    // A database whose log is not pending holds all its pages; its header records how many when
    // the "version-valid-for" number (bytes 92-95) matches the change counter (bytes 24-27).
    func bigEndian(_ offset: Int, _ count: Int) -> Int {
      header[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
    let pageSize = bigEndian(16, 2) == 1 ? 65_536 : bigEndian(16, 2)
    let pageCount = bigEndian(28, 4)
    var log = stat()
    let logIsPending = stat(path + "-wal", &log) == 0 && log.st_size > 0
    guard !logIsPending, bigEndian(92, 4) == bigEndian(24, 4), pageCount > 0 else { return nil }
    guard fileSize >= pageCount * pageSize else {
      return
        "the database is truncated: its header says \(pageCount * pageSize) bytes, the file "
        + "holds \(fileSize)"
    }
    return nil
  }

  /// The first ``headerSize`` bytes of the file.
  private func readHeader(_ operation: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw posixError(errno, operation) }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: Self.headerSize)
    let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count == Self.headerSize else { throw posixError(errno, operation) }
    return header
  }

  /// Reads the schema version and the table names through a read-only connection, which
  /// neither recovers a foreign database's log into it nor checkpoints it when it closes.
  private func inspectDatabase(_ operation: String, readingAs mode: SQLiteConnection.Mode) throws
    -> State
  {
    let connection: SQLiteConnection
    let version: Int64
    let tables: [String]
    do {
      connection = try SQLiteConnection(
        path: path, mode: mode, busyTimeout: busyTimeout, operation: operation)
      try connection.execute("BEGIN DEFERRED", operation)
      defer { connection.rollBackIfNeeded() }
      version = try connection.integer("PRAGMA user_version", operation) ?? 0
      tables = try connection.texts(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
          + "ESCAPE '\\' ORDER BY name", operation)
    } catch let error as SQLiteFailure {
      guard let problem = error.unreadableDatabaseProblem else { throw error }
      return .damaged(problem)
    }
    guard version <= Int64(FeedSchema.currentVersion) else {
      throw SQLiteFailure.unsupportedSchemaVersion(
        operation: operation, path: path, found: version,
        newestSupported: FeedSchema.currentVersion)
    }
    let foreign = !Set(tables).isSubset(of: FeedSchema.tables) || (version <= 0 && !tables.isEmpty)
    guard !foreign else {
      throw SQLiteFailure.foreignDatabase(operation: operation, path: path, tables: tables)
    }
    guard version > 0 else { return .damaged("the database holds no feed store") }
    if let problem = try problemInShape(of: connection, operation) { return .damaged(problem) }
    return .current(version: Int32(version))
  }

  /// What is wrong with the shape of the store's tables, found by compiling a query of every
  /// column the store uses, or `nil` when they have them all.
  private func problemInShape(of connection: SQLiteConnection, _ operation: String) throws
    -> String?
  {
    for table in FeedSchema.columns.keys.sorted() {
      let columns = FeedSchema.columns[table, default: []].joined(separator: ", ")
      do {
        _ = try connection.prepare(
          "SELECT \(columns) FROM \(table)", operation, persistent: false)
      } catch SQLiteFailure.sqlite(_, _, let resultCode, let message)
        where resultCode == SQLITE_ERROR
      {
        return "its tables are not in the store's shape: \(message)"
      }
    }
    return nil
  }

  /// Runs `body` holding an exclusive advisory lock (`flock`) on the directory that holds the
  /// file; closing the directory releases it, even when `body` throws.
  ///
  /// Another store holds the lock only while it creates the database or removes a damaged file,
  /// but its process can be suspended or stopped meanwhile: the lock is waited for as SQLite's
  /// are, up to the busy timeout (``BusyWait``), so a store never waits forever. On a file system
  /// that cannot lock a directory, `body` runs without the lock, and is told so: removal then
  /// relies on looking at the file again, and creation removes nothing it did not make.
  ///
  /// - Throws: ``SQLiteFailure/fileSystem(operation:path:code:message:)`` with
  ///   `EWOULDBLOCK` when another store still holds the lock at the timeout, or what `body`
  ///   throws.
  func withDirectoryLocked(
    _ operation: String, _ body: (_ isLocked: Bool) throws -> Void
  ) throws {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw posixError(errno, "\(operation): open its directory") }
    defer { close(descriptor) }
    guard BusyWait.lockExclusively(descriptor, timeout: busyTimeout) == 0 else {
      switch errno {
      case EWOULDBLOCK:
        throw posixError(
          EWOULDBLOCK, "\(operation): lock its directory, which another store holds")
      case EOPNOTSUPP, ENOTSUP: return try body(false)
      case let code: throw posixError(code, "\(operation): lock its directory")
      }
    }
    try body(true)
  }

  /// Where code runs with respect to ``withDirectoryLocked(_:_:)``.
  enum DirectoryLockScope {
    /// Outside it: the directory's lock is not this process's.
    case outside
    /// Inside it, holding the lock, or on a file system that cannot lock a directory, without.
    case inside(isLocked: Bool)
  }

  /// An operating-system failure as an error naming the path.
  func posixError(_ code: Int32, _ operation: String) -> SQLiteFailure {
    .fileSystem(
      operation: operation, path: path, code: code, message: String(cString: strerror(code)))
  }

  /// Whether this process may write to the item at `path`, as its effective user; `errno` says
  /// why not.
  private static func isWritable(_ path: String) -> Bool {
    faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0
  }

  /// Removes the file at `path` when there is one.
  ///
  /// - Returns: The `errno` of a failure, or `nil` once nothing is there, which includes a name
  ///   too long to exist: `-journal` does not fit beside the longest database names.
  static func removeFile(at path: String) -> Int32? {
    guard unlink(path) != 0, errno != ENOENT, errno != ENAMETOOLONG else { return nil }
    return errno
  }
}
