import FeedCache
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

  public func contentsOfFile(at url: URL) throws -> Data? {
    let descriptor = try withPath(of: url) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard descriptor >= 0 else {
      let error = POSIXError.current()
      guard error.code == .ENOENT else { throw error }
      return nil
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw POSIXError.current() }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return try readAll(from: descriptor, expectedSize: Int(status.st_size))
    case S_IFDIR: throw POSIXError(.EISDIR)
    default: throw POSIXError(.EINVAL)
    }
  }

  public func contentsOfDirectory(at url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path(percentEncoded: false))
  }

  public func createFile(at url: URL, contents: Data) throws {
    let descriptor = try withPath(of: url) {
      open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw POSIXError.current() }
    do {
      try writeAll(contents, to: descriptor)
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw POSIXError.current() }
  }

  public func synchronizeFile(at url: URL) throws {
    try synchronize(url, flags: O_RDONLY | O_CLOEXEC)
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
    guard try withPath(of: url, unlink) != 0 else { return }
    let error = POSIXError.current()
    guard error.code != .ENOENT else { return }
    throw error
  }

  public func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try withPath(of: url) { path in
      let descriptor = try lock(path)
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
  private func lock(_ path: UnsafePointer<CChar>) throws -> Int32 {
    while true {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw POSIXError.current() }
      var held = stat()
      var current = stat()
      guard BusyWait.lockExclusively(descriptor, timeout: lockTimeout) == 0,
        fstat(descriptor, &held) == 0
      else {
        let error = POSIXError.current()
        close(descriptor)
        throw error
      }
      if stat(path, &current) == 0 {
        if held.st_dev == current.st_dev && held.st_ino == current.st_ino { return descriptor }
      } else if errno != ENOENT {
        let error = POSIXError.current()
        close(descriptor)
        throw error
      }
      close(descriptor)
    }
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

  /// Reads until the end of the file, which may have grown since its size was taken.
  private func readAll(from descriptor: Int32, expectedSize: Int) throws -> Data {
    // One byte more than expected, so that a file of the expected size ends in one read.
    var buffer = Data(count: max(expectedSize, 0) + 1)
    var filled = 0
    while true {
      if filled == buffer.count { buffer.count += buffer.count }
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

extension POSIXError {
  /// The error `errno` holds now.
  fileprivate static func current() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
