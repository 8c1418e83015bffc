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
  private let directory: String

  /// The database file at `path`, whose store waits up to `busyTimeout` for another's locks.
  init(path: String, busyTimeout: Duration) {
    self.path = path
    self.busyTimeout = busyTimeout
    let directory = (path as NSString).deletingLastPathComponent
    self.directory = directory.isEmpty ? "." : directory
  }

  /// The directory's identity and last change, which tell whether an entry was created or
  /// removed in it since it was last looked at.
  struct DirectoryVersion: Equatable {
    fileprivate let device: UInt64
    fileprivate let inode: UInt64
    fileprivate let seconds: Int
    fileprivate let nanoseconds: Int
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
  /// - Returns: What is there, when it is the store's to read or replace.
  /// - Throws: ``SQLiteFailure`` for storage the store must leave alone: a directory or a
  ///   symbolic link, a file with a second name, another application's database, a newer schema
  ///   version, something that is not a file of this user's where a side file belongs; or when it
  ///   cannot be read at all.
  func inspect(_ operation: String, readingAs mode: SQLiteConnection.Mode = .readOnly) throws
    -> State
  {
    var info = stat()
    // Not followed: SQLite would write where a link points, and make its side files there.
    guard try status(&info, operation) else { return .missing }
    let item = FileItem(info)
    guard item.kind == .file else {
      throw SQLiteFailure.notAFile(operation: operation, path: path, item: item.phrase)
    }
    if item.linkCount > 1 {
      // A store creating the file gives it a second name for a moment, holding the directory's
      // lock until it removes that name: look again under the lock before refusing the file.
      var settled = true
      try withDirectoryLocked(operation) { _ in settled = try status(&info, operation) }
      guard settled else { return .missing }
      guard info.st_nlink <= 1 else {
        // SQLite keeps a write-ahead log per name, so a commit through one could be lost.
        throw SQLiteFailure.multipleLinks(
          operation: operation, path: path, count: Int(info.st_nlink))
      }
    }
    try checkSideFiles(operation)
    if let problem = try problemInHeader(fileSize: Int(info.st_size), operation) {
      return .damaged(problem)
    }
    return try inspectDatabase(operation, readingAs: mode)
  }

  /// Creates a new, empty database of the current version at the path, unless something is
  /// already there (another store may have created it a moment ago): then it leaves that alone.
  ///
  /// The database is built in a file of its own beside the path (`.feedstore-<UUID>.new`), then
  /// hard-linked into place, which fails rather than replaces when the path exists. All of it
  /// happens under the directory's lock, so a file of that name found under the lock was left by
  /// a writer killed while creating one: that is removed first, and so are side files left
  /// beside the missing database (a store whose file was removed while it still had it open
  /// leaves its log behind when it closes), which SQLite would otherwise replay into the new one.
  ///
  /// - Throws: ``SQLiteFailure`` when the database cannot be created, when another store
  ///   holds the directory's lock past the busy timeout, or when something that is not a file
  ///   of this user's stands where its side files belong.
  func create(_ operation: String) throws {
    try withDirectoryLocked(operation) { isLocked in
      var info = stat()
      // Another store may have made it while this one waited for the lock.
      guard lstat(path, &info) != 0 else { return }
      try checkSideFiles(operation)
      if isLocked {
        removeLeftoversOfKilledCreations()
        try removeSideFilesOfMissingDatabase(operation)
      }
      try buildDatabase(operation)
    }
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
  private func status(_ info: inout stat, _ operation: String) throws -> Bool {
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

  /// Removes what writers killed while creating a database in the store's directory left behind
  /// (their `.feedstore-<UUID>.new` files and the side files beside them), unless the directory
  /// is as it was at `lastCleanup`.
  ///
  /// A store creates a database only while it holds the directory's lock, so such a file found
  /// while holding it is a dead writer's. The lock is tried, never waited for: when another
  /// store holds it, a later insert or delete removes them. A file that cannot be removed (one
  /// that another user's store left in a shared directory) stays. A directory in which no entry
  /// was created or removed since is not read again: an insert into it costs one `stat`.
  ///
  /// - Parameter lastCleanup: The directory as this store last cleaned it; updated when it does.
  func tryRemovingLeftoversOfKilledCreations(since lastCleanup: inout DirectoryVersion?) {
    var info = stat()
    guard stat(directory, &info) == 0, DirectoryVersion(info) != lastCleanup else { return }
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    // The version before the lock: a change after it is seen by the next write.
    guard fstat(descriptor, &info) == 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
    removeLeftoversOfKilledCreations()
    lastCleanup = DirectoryVersion(info)
  }

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
    try withDatabaseToRemove(operation) { connection in
      do {
        try connection.execute("BEGIN IMMEDIATE", operation)
      } catch let error as SQLiteFailure {
        // A file that is not a database (or not one SQLite can read) has no lock to honor.
        guard error.meansDamagedStorage else { throw error }
      }
      defer { connection.rollBackIfNeeded() }
      switch try inspect(operation) {
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
    try withDatabaseToRemove(operation) { connection in
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

  // MARK: Helpers

  /// Runs `body` with a connection of its own to the database, holding the directory's lock, as
  /// every removal does; does nothing when the file is gone already.
  private func withDatabaseToRemove(
    _ operation: String, _ body: (SQLiteConnection) throws -> Void
  ) throws {
    try withDirectoryLocked(operation) { _ in
      let connection: SQLiteConnection
      do {
        connection = try SQLiteConnection(
          path: path, mode: .readWrite, busyTimeout: busyTimeout, operation: operation)
      } catch let error as SQLiteFailure where error.meansFileWentAway {
        return
      }
      try body(connection)
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

  /// The prefix of the name of a database being built beside the store's file.
  private static let creationPrefix = ".feedstore-"
  /// The suffix of the name of a database being built beside the store's file.
  private static let creationSuffix = ".new"

  /// Builds a new database in a file of its own beside the path and links it into place.
  private func buildDatabase(_ operation: String) throws {
    let temporary = (directory as NSString).appendingPathComponent(
      Self.creationPrefix + UUID().uuidString + Self.creationSuffix)
    defer { Self.unlinkAll(temporary) }
    do {
      let connection = try SQLiteConnection(
        path: temporary, mode: .create, busyTimeout: busyTimeout)
      try connection.execute(FeedSchema.newFileSettings, "set up a new database")
      try connection.execute(FeedSchema.connectionSettings, "configure the new database")
      try connection.execute("BEGIN IMMEDIATE", "begin creating the schema")
      try FeedSchema.migrate(connection, from: 0)
      try connection.execute("COMMIT", "commit the schema")
    } catch SQLiteFailure.sqlite(let step, _, let resultCode, let message) {
      // Name the store's file, not the temporary one beside it.
      throw SQLiteFailure.sqlite(
        operation: "\(operation): create the database (\(step))", path: path,
        resultCode: resultCode, message: message)
    }
    // The connection is closed: the log is checkpointed into the file and deleted.
    guard link(temporary, path) != 0 else { return }
    switch errno {
    case EEXIST:
      return
    case EPERM, EOPNOTSUPP, EXDEV:
      // A file system without hard links: rename instead, checking first, which only leaves a
      // moment in which two stores creating the file at once could replace each other's new,
      // empty database (on a file system that cannot lock the directory either).
      guard access(path, F_OK) != 0, rename(temporary, path) != 0 else { return }
      throw posixError(errno, "\(operation): move the new database into place")
    case let code:
      throw posixError(code, "\(operation): link the new database into place")
    }
  }

  /// Removes every `.feedstore-<UUID>.new` file and its side files in the directory; call it
  /// only while holding the directory's lock, which every store creating a database holds.
  private func removeLeftoversOfKilledCreations() {
    guard let entries = opendir(directory) else { return }
    defer { closedir(entries) }
    while let entry = readdir(entries) {
      // Most entries are not: the name is made a String only when its first bytes match.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        bytes.starts(with: Self.creationPrefix.utf8)
          ? String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) : nil
      }
      if let name, Self.isLeftoverOfCreation(name) {
        unlink((directory as NSString).appendingPathComponent(name))
      }
    }
  }

  /// Whether `name` is a database being created beside a store's file, or one of its side files.
  private static func isLeftoverOfCreation(_ name: String) -> Bool {
    guard name.hasPrefix(creationPrefix) else { return false }
    let rest = name.dropFirst(creationPrefix.count)
    guard let end = rest.range(of: creationSuffix),
      UUID(uuidString: String(rest[..<end.lowerBound])) != nil
    else { return false }
    let suffix = String(rest[end.upperBound...])
    return suffix.isEmpty || sideFileSuffixes.contains(suffix)
  }

  /// Removes the side files at the path of a database that is not there, which nothing reads
  /// but SQLite would replay into a new database at the path; call it holding the directory's
  /// lock, after ``checkSideFiles(_:)``.
  private func removeSideFilesOfMissingDatabase(_ operation: String) throws {
    for suffix in Self.sideFileSuffixes {
      if let code = Self.removeFile(at: path + suffix) {
        throw posixError(code, "\(operation): remove \(path + suffix), left by a removed database")
      }
    }
  }

  /// Throws when anything but a regular file of this user's stands where SQLite keeps a side
  /// file of the database, before SQLite opens it: on a directory it fails forever, on a FIFO it
  /// waits forever, and a symbolic link it refuses (`O_NOFOLLOW`) forever too; another user's
  /// file it would read as the database's log, or fail to write forever, and in a directory such
  /// as `/tmp` this user cannot remove it.
  ///
  /// - Throws: ``SQLiteFailure/foreignSideFile(operation:path:sideFile:refusal:)``.
  private func checkSideFiles(_ operation: String) throws {
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
  private func withDirectoryLocked(
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

  /// An operating-system failure as an error naming the path.
  private func posixError(_ code: Int32, _ operation: String) -> SQLiteFailure {
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
  private static func removeFile(at path: String) -> Int32? {
    guard unlink(path) != 0, errno != ENOENT, errno != ENAMETOOLONG else { return nil }
    return errno
  }

  /// Removes a database file and its side files, ignoring what is not there.
  private static func unlinkAll(_ path: String) {
    for suffix in [""] + sideFileSuffixes {
      unlink(path + suffix)
    }
  }
}

extension FeedStorageFile.DirectoryVersion {
  /// The version `info`, the status of a directory, gives.
  fileprivate init(_ info: stat) {
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), seconds: Int(modified.tv_sec),
      nanoseconds: Int(modified.tv_nsec))
  }
}
