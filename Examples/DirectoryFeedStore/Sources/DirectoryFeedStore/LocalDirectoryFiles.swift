import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files of a directory on disk, as the system gives them; never followed through a link.
public struct LocalDirectoryFiles: DirectoryFiles {
  /// The real files.
  public init() {}

  public func contents(of url: URL) throws -> Data {
    guard kind(at: url) == .file else { throw CocoaError(.fileReadNoSuchFile, url: url) }
    return try Data(contentsOf: url)
  }

  public func names(in url: URL) throws -> [String] {
    guard kind(at: url) == .directory else { throw CocoaError(.fileReadNoSuchFile, url: url) }
    return try FileManager.default.contentsOfDirectory(atPath: url.path(percentEncoded: false))
  }

  public func kind(at url: URL) -> FileKind? {
    var status = stat()
    guard lstat(url.path(percentEncoded: false), &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  public func makeDirectory(at url: URL) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  /// Writes without syncing: the directory's rename publishes the feed, and a cache can be
  /// fetched again after a power loss, while `Data.write(to:)` syncs every file, which for a feed
  /// of thousands of images costs seconds.
  public func makeFile(at url: URL, holding data: Data) throws {
    let descriptor = open(
      url.path(percentEncoded: false), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, url: url, errno: errno) }
    defer { close(descriptor) }
    var written = 0
    while written < data.count {
      let count = data[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 || (count < 0 && errno == EINTR) else {
        throw CocoaError(.fileWriteUnknown, url: url, errno: count < 0 ? errno : EIO)
      }
      written += max(0, count)
    }
  }

  /// Renames with `rename(2)`, which replaces a file at `destination` in one step, where
  /// `FileManager.moveItem` refuses to.
  public func move(_ source: URL, to destination: URL) throws {
    guard rename(source.path(percentEncoded: false), destination.path(percentEncoded: false)) == 0
    else { throw CocoaError(.fileWriteUnknown, url: destination, errno: errno) }
  }

  public func remove(_ url: URL) throws {
    try FileManager.default.removeItem(at: url)
  }
}

extension CocoaError {
  fileprivate init(_ code: CocoaError.Code, url: URL) {
    self.init(code, userInfo: [NSFilePathErrorKey: url.path(percentEncoded: false)])
  }

  /// An error about `url`, caused by the system call error `errno`.
  fileprivate init(_ code: CocoaError.Code, url: URL, errno: Int32) {
    self.init(
      code,
      userInfo: [
        NSFilePathErrorKey: url.path(percentEncoded: false),
        NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
      ])
  }
}
