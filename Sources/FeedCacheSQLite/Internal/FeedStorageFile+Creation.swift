import Foundation

/// Creating the database file, and removing what writers killed while creating one left behind.
extension FeedStorageFile {
  /// The directory's identity and last change, which tell whether an entry was created or
  /// removed in it since it was last looked at.
  struct DirectoryVersion: Equatable {
    fileprivate let device: UInt64
    fileprivate let inode: UInt64
    fileprivate let seconds: Int
    fileprivate let nanoseconds: Int
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
  func removeLeftoversOfKilledCreations() {
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
