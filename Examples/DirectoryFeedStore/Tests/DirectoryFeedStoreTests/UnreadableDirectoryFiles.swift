import DirectoryFeedStore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real files of a store's directory, of which one file cannot be read (`EACCES`), as a file
/// of another user's would be: the tests run as root, whom file modes do not stop, so the fault
/// is made where the store reads.
///
/// The fault belongs to the file, not to its name: once a store replaces or removes it, what is
/// there afterwards reads as usual.
final class UnreadableDirectoryFiles: DirectoryFiles {
  private let local = LocalDirectoryFiles()
  private let unreadable: (path: String, inode: UInt64)?

  /// Files of which `file`, as it is now, cannot be read.
  init(unreadable file: URL) {
    var status = stat()
    let path = file.path(percentEncoded: false)
    unreadable = lstat(path, &status) == 0 ? (path, UInt64(status.st_ino)) : nil
  }

  /// Files that all read.
  required init() {
    unreadable = nil
  }

  func contents(of url: URL) throws -> Data {
    var status = stat()
    let path = url.path(percentEncoded: false)
    if let unreadable, path == unreadable.path, lstat(path, &status) == 0,
      UInt64(status.st_ino) == unreadable.inode
    {
      throw CocoaError(
        .fileReadNoPermission,
        userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(.EACCES)])
    }
    return try local.contents(of: url)
  }

  func names(in url: URL) throws -> [String] { try local.names(in: url) }

  func kind(at url: URL) -> FileKind? { local.kind(at: url) }

  func makeDirectory(at url: URL) throws { try local.makeDirectory(at: url) }

  func makeFile(at url: URL, holding data: Data) throws {
    try local.makeFile(at: url, holding: data)
  }

  func move(_ source: URL, to destination: URL) throws { try local.move(source, to: destination) }

  func remove(_ url: URL) throws { try local.remove(url) }
}
