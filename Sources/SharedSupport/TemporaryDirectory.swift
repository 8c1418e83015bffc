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
/// store does with files it may not write. Its name carries this process's id, so a later run
/// removes it if this one is killed.
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
  let directory = ScratchDirectory.root.appending(
    path: "\(ScratchDirectory.prefix)\(getpid())-shared-\(UUID().uuidString)",
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
/// `contractspecs-<process id>-<random>`, and the first process to use a root removes the
/// directories of processes that no longer exist.
package enum ScratchDirectory {
  /// The prefix of every process directory.
  package static let prefix = "contractspecs-"

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

  private static let processDirectories = Locked<[String: URL]>([:])

  /// This process's own directory in `root`, made on first use, after removing the directories
  /// of processes that are gone.
  ///
  /// - Parameter root: An existing directory.
  /// - Returns: The directory, private to the user.
  /// - Throws: An error when it cannot be made.
  package static func processDirectory(in root: URL) throws -> URL {
    let key = root.standardizedFileURL.path(percentEncoded: false)
    return try processDirectories.withLock { directories in
      if let directory = directories[key] { return directory }
      removeDirectoriesOfEndedProcesses(in: root)
      let random = String(UInt32.random(in: .min ... .max), radix: 16)
      let directory = root.appending(
        path: "\(prefix)\(getpid())-\(random)", directoryHint: .isDirectory)
      try makePrivateDirectory(at: directory)
      if directories.isEmpty {
        atexit { ScratchDirectory.removeProcessDirectories() }
      }
      directories[key] = directory
      return directory
    }
  }

  /// Removes every directory this process made, as it exits normally.
  private static func removeProcessDirectories() {
    for directory in processDirectories.withLock({ $0.values }) {
      remove(directory)
    }
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

  /// Removes the process directories in `root` whose process no longer exists: directories of
  /// this user, named with ``prefix`` and a process id, never followed through a link.
  ///
  /// A process that exists, or whose existence cannot be told, keeps its directory; so does
  /// anything not named as this library names its directories.
  ///
  /// - Parameter root: The directory to clean.
  /// - Returns: The directories removed.
  @discardableResult
  package static func removeDirectoriesOfEndedProcesses(in root: URL) -> [URL] {
    let rootPath = root.path(percentEncoded: false)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: rootPath) else {
      return []
    }
    return names.compactMap { name -> URL? in
      guard name.hasPrefix(prefix),
        let processID = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({
          pid_t($0)
        }),
        processID > 0, kill(processID, 0) == -1, errno == ESRCH
      else { return nil }
      // No directory hint: a path that ends in "/" makes lstat follow a link.
      let directory = root.appending(path: name, directoryHint: .notDirectory)
      var status = stat()
      guard lstat(directory.path(percentEncoded: false), &status) == 0,
        status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid()
      else { return nil }
      remove(directory)
      return directory
    }
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
