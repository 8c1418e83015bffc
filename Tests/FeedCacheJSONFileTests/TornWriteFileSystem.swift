import FeedCacheJSONFile
import FeedStoreRegistry
import Foundation
import SharedSupport

/// The real file system, except that a write it is told to tear stops halfway through the
/// bytes and throws, as a crash or a full disk would leave it.
final class TornWriteFileSystem: ForwardingFileSystem {
  let base: any FileSystem = LocalFileSystem()
  private let tearsNextWrite = Locked(false)

  func tearNextWrite() {
    tearsNextWrite.withLock { $0 = true }
  }

  func createFile(at url: URL, contents: Data) throws {
    let tears = tearsNextWrite.withLock { tears in
      defer { tears = false }
      return tears
    }
    guard tears else { return try base.createFile(at: url, contents: contents) }
    try base.createFile(at: url, contents: contents.prefix(contents.count / 2))
    throw POSIXError(.EIO)
  }
}
