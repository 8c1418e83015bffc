import FeedStoreBackends
import Foundation
import SharedSupport

/// The real file system, except that reading one file fails with `EIO`, as a bad sector would,
/// until that file is replaced or removed.
final class UnreadableFileSystem: ForwardingFileSystem {
  private let unreadableFile: URL
  let base: any FileSystem
  private let isDamaged = Locked(true)

  init(unreadableFile: URL, base: any FileSystem) {
    self.unreadableFile = unreadableFile
    self.base = base
  }

  func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
    if url == unreadableFile, isDamaged.current {
      throw POSIXError(.EIO)
    }
    return try base.contentsOfFile(at: url, maximumSize: maximumSize)
  }

  func replaceItem(at destination: URL, withItemAt source: URL) throws {
    try base.replaceItem(at: destination, withItemAt: source)
    repair(destination)
  }

  func removeItem(at url: URL) throws {
    try base.removeItem(at: url)
    repair(url)
  }

  private func repair(_ url: URL) {
    if url == unreadableFile {
      isDamaged.withLock { $0 = false }
    }
  }
}
