import Foundation

/// Runs `body` with a new, empty directory that is removed afterwards, even when `body` throws.
///
/// Each call gets its own directory, private to the user (mode 0700), inside this process's own
/// directory under `root` (``ScratchDirectory/processDirectory(in:)``), so parallel test cases never
/// share files, nothing touches a real user directory, and what a killed run leaves is removed
/// by a later run. The spec library's `.temporaryDirectory` trait and this repository's tests make
/// their directories in ``ScratchDirectory/root``; the benchmark makes its own on the disk it
/// reports.
///
/// - Parameters:
///   - root: The existing directory to make the process's directory in.
///   - isolation: The actor `body` runs on; the caller's by default.
///   - body: The work that uses the directory.
/// - Returns: What `body` returns.
/// - Throws: An error when the directory cannot be created, or what `body` throws.
package func withTemporaryDirectory<Result>(
  in root: URL = ScratchDirectory.root,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let directory = try ScratchDirectory.processDirectory(in: root).appending(
    path: UUID().uuidString, directoryHint: .isDirectory)
  try ScratchDirectory.makePrivateDirectory(at: directory)
  defer { ScratchDirectory.remove(directory) }
  return try await body(directory)
}

/// Runs `body` with a new, empty directory that other users can reach (mode 0755, in the root
/// itself rather than this process's private directory), removed afterwards.
///
/// For the tests that run part of their work as another user, such as `nobody`, to show what a
/// store does with files it may not write. Its name starts with the name of this process's own
/// directory, so a later run removes it with that directory once this process is provably gone
/// (``ScratchDirectory/removeDirectoriesOfEndedProcesses(in:)``), if this one is killed.
///
/// - Parameters:
///   - isolation: The actor `body` runs on; the caller's by default.
///   - body: The work that uses the directory.
/// - Returns: What `body` returns.
/// - Throws: An error when the directory cannot be created, or what `body` throws.
package func withTemporaryDirectoryOtherUsersCanReach<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let owner = try ScratchDirectory.processDirectory(in: ScratchDirectory.root)
  let directory = ScratchDirectory.root.appending(
    path: "\(owner.lastPathComponent)\(ScratchDirectory.sharedInfix)\(UUID().uuidString)",
    directoryHint: .isDirectory)
  try ScratchDirectory.makePrivateDirectory(at: directory)
  defer { ScratchDirectory.remove(directory) }
  guard chmod(directory.path(percentEncoded: false), 0o755) == 0 else {
    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
  }
  return try await body(directory)
}

/// Where tests make their scratch directories, and how a process's directories are made, found
/// again and removed.
///
/// A test's files need no durability, and on a disk the syncs that stores make on every write
/// took about a third of this repository's quick run; on Linux, `/dev/shm` is a file system in
/// memory that every process may write to. Files there stay until they are removed or the
/// machine restarts, so each process keeps its directories in one of its own, named
/// `contractspecs-<process id>-<random>`, which it holds a lock in for as long as it lives, and
/// the first process to use a root removes the directories whose owner is provably gone.
package enum ScratchDirectory {
  /// The prefix of every process directory.
  package static let prefix = "contractspecs-"

  /// What joins a process directory's name and a random one in the name of a directory other
  /// users can reach, which belongs to that process (`withTemporaryDirectoryOtherUsersCanReach`).
  package static let sharedInfix = "-shared-"

  /// The file in each process directory that its process holds locked, with `flock`, for as
  /// long as it lives.
  package static let lockFileName = "owner.lock"

  /// The directory that `TMPDIR` names when it is set and not empty; otherwise, on Linux,
  /// `/dev/shm` when it is writable with at least 1 GiB free; otherwise the system's temporary
  /// directory.
  ///
  /// The free-space floor keeps a container's small `/dev/shm` (64 MiB by default in Docker) out
  /// of use. Set `TMPDIR` to choose the directory.
  package static let root: URL = {
    #if os(Linux)
      let memoryFileSystem: String? = "/dev/shm"
    #else
      let memoryFileSystem: String? = nil
    #endif
    return root(
      environment: ProcessInfo.processInfo.environment,
      memoryFileSystem: memoryFileSystem, minimumFreeBytes: 1 << 30)
  }()

  /// The directory ``root`` chooses, given what it looks at.
  ///
  /// - Parameters:
  ///   - environment: The process's environment; a `TMPDIR` in it that is not empty wins.
  ///   - memoryFileSystem: The path of a file system in memory, if the platform has one.
  ///   - minimumFreeBytes: The free space `memoryFileSystem` needs to be chosen.
  /// - Returns: `TMPDIR`, else `memoryFileSystem` when it may be used, else the system's
  ///   temporary directory.
  package static func root(
    environment: [String: String], memoryFileSystem: String?, minimumFreeBytes: UInt64
  ) -> URL {
    if let temporary = environment["TMPDIR"], !temporary.isEmpty {
      return URL(filePath: temporary, directoryHint: .isDirectory)
    }
    var info = statvfs()
    if let memoryFileSystem, access(memoryFileSystem, W_OK | X_OK) == 0,
      statvfs(memoryFileSystem, &info) == 0,
      UInt64(info.f_bavail) * UInt64(info.f_frsize) >= minimumFreeBytes
    {
      return URL(filePath: memoryFileSystem, directoryHint: .isDirectory)
    }
    // Foundation reads TMPDIR as well, and an empty one would make the root "/".
    return environment["TMPDIR"] == nil
      ? FileManager.default.temporaryDirectory : URL(filePath: "/tmp", directoryHint: .isDirectory)
  }

  /// This process's directories, by root, each with the descriptor through which the process
  /// holds its lock: never closed, so the lock lasts until the process ends, and the kernel lets
  /// go of it then, however the process ends.
  private static let processDirectories = Locked<[String: (directory: URL, lock: Int32)]>([:])

  /// This process's own directory in `root`, made on first use, after removing the directories
  /// whose owner is gone; this process holds its lock file locked for as long as it lives.
  ///
  /// - Parameter root: An existing directory.
  /// - Returns: The directory, private to the user.
  /// - Throws: An error when it cannot be made.
  package static func processDirectory(in root: URL) throws -> URL {
    let key = root.standardizedFileURL.path(percentEncoded: false)
    return try processDirectories.withLock { directories in
      if let existing = directories[key] { return existing.directory }
      removeDirectoriesOfEndedProcesses(in: root)
      let random = String(UInt32.random(in: .min ... .max), radix: 16)
      let directory = root.appending(
        path: "\(prefix)\(getpid())-\(random)", directoryHint: .isDirectory)
      try makePrivateDirectory(at: directory)
      let lock: Int32
      do {
        lock = try holdLock(in: directory)
      } catch {
        remove(directory)
        throw error
      }
      if directories.isEmpty {
        atexit { ScratchDirectory.removeProcessDirectories() }
      }
      directories[key] = (directory, lock)
      return directory
    }
  }

  /// Removes every directory this process made, as it exits normally.
  private static func removeProcessDirectories() {
    for (directory, _) in processDirectories.withLock({ $0.values }) {
      remove(directory)
    }
  }

  /// Makes the lock file of the process directory `directory` and locks it: under another name
  /// first, renamed into place once locked, so that no other process ever finds it unlocked
  /// while this one lives.
  ///
  /// - Returns: The descriptor that holds the lock.
  /// - Throws: `POSIXError` when the file cannot be made or locked.
  private static func holdLock(in directory: URL) throws -> Int32 {
    let path = directory.appending(path: lockFileName).path(percentEncoded: false)
    let temporary = "\(path).new"
    let lock = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0, rename(temporary, path) == 0 else {
      let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      close(lock)
      unlink(temporary)
      throw error
    }
    return lock
  }

  /// Makes a directory that only the user can read, write or list.
  ///
  /// - Throws: `CocoaError` with the POSIX error when it cannot be made.
  package static func makePrivateDirectory(at directory: URL) throws {
    let path = directory.path(percentEncoded: false)
    guard mkdir(path, 0o700) == 0 else {
      throw CocoaError(
        .fileWriteUnknown,
        userInfo: [
          NSFilePathErrorKey: path,
          NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
        ])
    }
  }

  /// Removes the process directories in `root` whose owner is provably gone, with the
  /// directories other users can reach named after them: directories of this user, named as
  /// this library names them, never followed through a link.
  ///
  /// A process holds the lock file of its directory locked for as long as it lives, and the
  /// kernel lets go of the lock when the process ends, however it ends. A lock belongs to the
  /// file, not to a PID namespace, so it says the same to a run in another container that
  /// shares the root, where a process id says nothing: the id in a directory's name may be no
  /// process's here while its owner runs, or another process's. A directory is removed only
  /// while this function holds its lock; one whose lock is held, or cannot be opened, is left.
  ///
  /// A directory without a lock file is left too: one that a version of this library before the
  /// lock made (nothing proves its owner gone; remove it by hand when no run is using the root),
  /// or one whose owner is making it right now. So is anything not named as this library names
  /// its directories.
  ///
  /// - Parameter root: The directory to clean.
  /// - Returns: The directories removed.
  @discardableResult
  package static func removeDirectoriesOfEndedProcesses(in root: URL) -> [URL] {
    let rootPath = root.path(percentEncoded: false)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: rootPath) else {
      return []
    }
    var removed: [URL] = []
    for name in names where isProcessDirectoryName(name) {
      // No directory hint: a path that ends in "/" makes lstat follow a link.
      let directory = root.appending(path: name, directoryHint: .notDirectory)
      guard isOwnDirectory(directory) else { continue }
      let lockPath = directory.appending(path: lockFileName).path(percentEncoded: false)
      let lock = open(lockPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard lock >= 0 else { continue }
      defer { close(lock) }
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }
      for shared in names where shared.hasPrefix("\(name)\(sharedInfix)") {
        let sharedDirectory = root.appending(path: shared, directoryHint: .notDirectory)
        guard isOwnDirectory(sharedDirectory) else { continue }
        remove(sharedDirectory)
        removed.append(sharedDirectory)
      }
      remove(directory)
      removed.append(directory)
    }
    return removed
  }

  /// Whether `name` is a process directory's: the prefix, a process id and a hexadecimal number.
  private static func isProcessDirectoryName(_ name: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2 && pid_t(parts[0]) != nil && UInt32(parts[1], radix: 16) != nil
  }

  /// Whether `directory` is a directory, not a link, of this user.
  private static func isOwnDirectory(_ directory: URL) -> Bool {
    var status = stat()
    return lstat(directory.path(percentEncoded: false), &status) == 0
      && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid()
  }

  /// Removes `directory` and everything in it, best effort: a failure must not hide the outcome
  /// of the work that used it.
  ///
  /// Files can go away while a removal runs: an SQLite store that the work released closes on a
  /// queue of its own shortly after, deleting its side files. A removal that lists such a file
  /// and then finds it gone stops with "no such file"; it starts over then, from a new listing,
  /// up to 16 times, so a directory that something keeps changing is left rather than chased.
  package static func remove(_ directory: URL) {
    for _ in 0..<16 {
      do {
        try FileManager.default.removeItem(at: directory)
        return
      } catch let error as CocoaError where error.code == .fileNoSuchFile {
        continue
      } catch {
        return
      }
    }
  }
}
