import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through POSIX calls: writes are flushed with `fsync` and replaced
/// with `rename`, so a crash never leaves a torn file.
public struct LocalFileSystem: FileSystem {
  /// Creates the real file system.
  public init() {}

  public func contentsOfFile(at url: URL) throws -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch CocoaError.fileReadNoSuchFile {
      return nil
    }
  }

  public func createFile(at url: URL, contents: Data) throws {
    let descriptor = try withPath(of: url) {
      open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw POSIXError.current() }
    do {
      try writeAll(contents, to: descriptor)
      guard fsync(descriptor) == 0 else { throw POSIXError.current() }
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw POSIXError.current() }
  }

  public func replaceItem(at destination: URL, withItemAt source: URL) throws {
    let result = try withPath(of: source) { sourcePath in
      try withPath(of: destination) { destinationPath in rename(sourcePath, destinationPath) }
    }
    guard result == 0 else { throw POSIXError.current() }
  }

  public func removeItem(at url: URL) throws {
    guard try withPath(of: url, unlink) != 0 else { return }
    let error = POSIXError.current()
    guard error.code != .ENOENT else { return }
    throw error
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
