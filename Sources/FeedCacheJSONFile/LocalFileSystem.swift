import DurableStoreSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through POSIX calls.
///
/// Only regular files are read: a directory or a FIFO at the path is an error, never a hang.
/// Files and directories are flushed with `fsync` (on Apple platforms that reaches the drive
/// but not past its cache, which only `F_FULLFSYNC` flushes), replaced with `rename` and removed
/// with `unlink`, which never removes a directory. Locks are `flock` locks on a lock file that
/// the holder removes when it lets go, waited for up to ``lockTimeout``.
///
/// It never writes through a symbolic link, so it is safe in a directory other users write to,
/// such as `/tmp`: a file is created only where nothing is yet (`O_EXCL`), and a lock file is
/// opened without following a link (`O_NOFOLLOW`), read-only, which is all `flock` needs, so a
/// lock file that another user owns or that nobody may write still locks. What it finds instead
/// of a file it may use, it reports as a ``ForeignItemError``.
public struct LocalFileSystem: FileSystem {
  /// How long a lock is waited for by default: as long as an SQLite store waits for its database.
  public static let defaultLockTimeout: Duration = .seconds(5)

  /// How long ``withExclusiveLock(at:_:)`` waits for a lock that another store or process holds
  /// before it throws `EWOULDBLOCK`: a holder that is suspended or stopped never leaves a writer
  /// waiting forever.
  public let lockTimeout: Duration

  /// Creates the real file system.
  ///
  /// - Parameter lockTimeout: How long to wait for a lock another holder has; zero fails at
  ///   once. ``defaultLockTimeout`` unless given.
  public init(lockTimeout: Duration = defaultLockTimeout) {
    self.lockTimeout = lockTimeout
  }

  public func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
    let descriptor = try withPath(of: url) { path in
      let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor < 0, errno != ENOENT else { return descriptor }
      throw foreignItem(at: path, url)
    }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw POSIXError.current() }
    let item = FileItem(status)
    switch item.kind {
    case .file where item.isAnotherUsers(at: url.path(percentEncoded: false)):
      throw ForeignItemError(url: url, anotherUsersFile: item)
    case .file where item.linkCount > 1:
      throw ForeignItemError(url: url, linkedFile: item)
    case .file where item.size > maximumSize:
      throw FileTooLargeError(url: url, size: item.size, limit: maximumSize)
    case .file:
      return try contents(of: descriptor, upTo: item.size)
    case .directory:
      throw POSIXError(.EISDIR)
    case .symbolicLink, .fifo, .socket, .device:
      throw ForeignItemError(url: url, item: item) ?? POSIXError(.EINVAL)
    }
  }

  public func contentsOfDirectory(at url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path(percentEncoded: false))
  }

  public func createFile(at url: URL, contents: Data) throws {
    let descriptor = try withPath(of: url) { path in
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw foreignItem(at: path, url) }
      return descriptor
    }
    do {
      try writeAll(contents, to: descriptor)
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw POSIXError.current() }
  }

  public func synchronizeFile(at url: URL) throws {
    try synchronize(url, flags: O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
  }

  public func replaceItem(at destination: URL, withItemAt source: URL) throws {
    let result = try withPath(of: source) { sourcePath in
      try withPath(of: destination) { destinationPath in rename(sourcePath, destinationPath) }
    }
    guard result == 0 else { throw POSIXError.current() }
  }

  public func synchronizeDirectory(at url: URL) throws {
    try synchronize(url, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  }

  public func removeItem(at url: URL) throws {
    try withPath(of: url) { path in
      guard unlink(path) != 0, errno != ENOENT else { return }
      // Linux fails with EISDIR for a directory, Apple platforms with EPERM.
      let error = POSIXError.current()
      guard let item = try? FileItem(atPath: String(cString: path)), item.kind == .directory,
        let directory = ForeignItemError(url: url, item: item)
      else { throw error }
      throw directory
    }
  }

  public func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try withPath(of: url) { path in
      let descriptor = try lock(path, at: url)
      let result = Result { try body() }
      // Removing the file while holding the lock is what makes removing it safe: a waiter on
      // this file finds it gone once it gets the lock, and locks the file now at the path.
      // A lock file that cannot be removed is harmless: the next holder locks it again.
      unlink(path)
      close(descriptor)
      return try result.get()
    }
  }

  /// Opens and locks the lock file at `path`, and returns its descriptor once the lock is
  /// held on the file that is at `path` now, not on one a previous holder removed meanwhile.
  private func lock(_ path: UnsafePointer<CChar>, at url: URL) throws -> Int32 {
    while true {
      let descriptor = try openLockFile(path, at: url)
      var held = stat()
      var current = stat()
      guard BusyWait.lockExclusively(descriptor, timeout: lockTimeout) == 0,
        fstat(descriptor, &held) == 0
      else {
        let error = POSIXError.current()
        close(descriptor)
        throw error
      }
      if lstat(path, &current) == 0 {
        if held.st_dev == current.st_dev && held.st_ino == current.st_ino { return descriptor }
      } else if errno != ENOENT {
        let error = POSIXError.current()
        close(descriptor)
        throw error
      }
      close(descriptor)
    }
  }

  /// Opens the lock file at `path` read-only, creating it when there is none.
  ///
  /// An existing lock file is opened without `O_CREAT`, which Linux refuses for a file another
  /// user owns in a sticky directory (`fs.protected_regular`), and without write access, which
  /// its owner or mode may refuse; `flock` needs neither. A missing one is created with
  /// `O_EXCL`, which never follows a link. Anything but a regular file is refused.
  private func openLockFile(_ path: UnsafePointer<CChar>, at url: URL) throws -> Int32 {
    while true {
      let existing = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
      if existing >= 0 {
        var status = stat()
        guard fstat(existing, &status) == 0 else {
          let error = POSIXError.current()
          close(existing)
          throw error
        }
        guard let foreign = ForeignItemError(url: url, item: FileItem(status)) else {
          return existing
        }
        close(existing)
        throw foreign
      }
      guard errno == ENOENT else { throw foreignItem(at: path, url) }
      let created = open(path, O_RDONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if created >= 0 { return created }
      // Another holder created it since: open theirs.
      guard errno == EEXIST else { throw POSIXError.current() }
    }
  }

  /// What an `open` of `path` that just failed found there: a ``ForeignItemError`` for anything
  /// but a regular file (a regular file where one was to be created is one too), or the
  /// `errno` of the failure.
  private func foreignItem(at path: UnsafePointer<CChar>, _ url: URL) -> any Error {
    let error = POSIXError.current()
    var status = stat()
    guard lstat(path, &status) == 0 else { return error }
    if let foreign = ForeignItemError(url: url, item: FileItem(status)) { return foreign }
    return error.code == .EEXIST ? ForeignItemError(url: url, kind: .file) : error
  }

  private func synchronize(_ url: URL, flags: Int32) throws {
    let descriptor = try withPath(of: url) { open($0, flags) }
    guard descriptor >= 0 else { throw POSIXError.current() }
    guard fsync(descriptor) == 0 else {
      let error = POSIXError.current()
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw POSIXError.current() }
  }

  /// Reads the first `size` bytes of the file, the size it had when it was opened, or fewer if
  /// it has shrunk since: never more, so a file that grows while it is read, or one that holds
  /// more than its size says (a file of `/proc`), costs the store no more than that size.
  private func contents(of descriptor: Int32, upTo size: Int) throws -> Data {
    var buffer = Data(count: max(size, 0))
    var filled = 0
    while filled < buffer.count {
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let start = raw.baseAddress else { return 0 }
        return read(descriptor, start + filled, raw.count - filled)
      }
      if count < 0 {
        guard errno == EINTR else { throw POSIXError.current() }
        continue
      }
      if count == 0 { break }
      filled += count
    }
    buffer.count = filled
    return buffer
  }

  private func writeAll(_ data: Data, to descriptor: Int32) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      guard let start = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, start + offset, buffer.count - offset)
        if written < 0 {
          guard errno == EINTR else { throw POSIXError.current() }
          continue
        }
        offset += written
      }
    }
  }

  private func withPath<Result>(
    of url: URL,
    _ body: (UnsafePointer<CChar>) throws -> Result
  ) throws -> Result {
    guard url.isFileURL else { throw POSIXError(.EINVAL) }
    return try url.withUnsafeFileSystemRepresentation { path in
      guard let path else { throw POSIXError(.EINVAL) }
      return try body(path)
    }
  }
}
