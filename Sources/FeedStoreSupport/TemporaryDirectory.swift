import Foundation

/// Runs `body` with a new, empty directory that is removed afterwards, even when `body` throws.
///
/// Each call gets its own directory in `parent`, so parallel test cases never share files and
/// nothing touches a real user directory. The spec library's `.temporaryDirectory` trait and this
/// repository's tests make their directories with it in ``ScratchDirectory/parent``; the
/// benchmark makes its own in the system's temporary directory, the disk it reports.
///
/// - Parameters:
///   - parent: The existing directory to make the new one in.
///   - isolation: The actor `body` runs on; the caller's by default.
///   - body: The work that uses the directory.
/// - Returns: What `body` returns.
/// - Throws: An error when the directory cannot be created, or what `body` throws.
package func withTemporaryDirectory<Result>(
  in parent: URL = ScratchDirectory.parent,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let name = "feedstore-\(UUID().uuidString)"
  let directory = parent.appending(path: name, directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  defer { removeDirectory(at: directory) }
  return try await body(directory)
}

/// Removes `directory` and everything in it, best effort: a failure must not hide the outcome
/// of the work that used it.
///
/// Files can go away while a removal runs: an SQLite store that the work released closes on a
/// queue of its own shortly after, deleting its side files. A removal that lists such a file
/// and then finds it gone stops with "no such file"; it starts over then, from a new listing,
/// up to 16 times, so a directory that something keeps changing is left rather than chased.
private func removeDirectory(at directory: URL) {
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

/// Where tests make their scratch directories.
///
/// A test's files need no durability, and on a disk the syncs that stores make on every write
/// took about a third of this repository's quick run; on Linux, `/dev/shm` is a file system in
/// memory that every process may write to.
package enum ScratchDirectory {
  /// The directory that `TMPDIR` names when it is set; otherwise, on Linux, `/dev/shm` when it
  /// is writable with at least 1 GiB free; otherwise the system's temporary directory.
  ///
  /// The free-space floor keeps a container's small `/dev/shm` (64 MiB by default in Docker) out
  /// of use. Set `TMPDIR` to choose the directory.
  package static let parent: URL = {
    #if os(Linux)
      let memoryFileSystem: String? = "/dev/shm"
    #else
      let memoryFileSystem: String? = nil
    #endif
    return parent(
      environment: ProcessInfo.processInfo.environment,
      memoryFileSystem: memoryFileSystem, minimumFreeBytes: 1 << 30,
      system: FileManager.default.temporaryDirectory)
  }()

  /// The directory ``parent`` chooses, given what it looks at.
  ///
  /// - Parameters:
  ///   - environment: The process's environment; a `TMPDIR` in it means `system`.
  ///   - memoryFileSystem: The path of a file system in memory, if the platform has one.
  ///   - minimumFreeBytes: The free space `memoryFileSystem` needs to be chosen.
  ///   - system: The system's temporary directory.
  /// - Returns: `memoryFileSystem` when it may be used, or else `system`.
  package static func parent(
    environment: [String: String], memoryFileSystem: String?, minimumFreeBytes: UInt64,
    system: URL
  ) -> URL {
    guard environment["TMPDIR"] == nil, let memoryFileSystem else { return system }
    var info = statvfs()
    guard access(memoryFileSystem, W_OK | X_OK) == 0, statvfs(memoryFileSystem, &info) == 0,
      UInt64(info.f_bavail) * UInt64(info.f_frsize) >= minimumFreeBytes
    else { return system }
    return URL(filePath: memoryFileSystem, directoryHint: .isDirectory)
  }
}
