import FeedCacheJSONFile
import Foundation
import Synchronization

/// The real file system, except that a write it is told to tear stops halfway through the
/// bytes and throws, as a crash or a full disk would leave it.
final class TornWriteFileSystem: FileSystem {
  private let base = LocalFileSystem()
  private let tearsNextWrite = Mutex(false)

  func tearNextWrite() {
    tearsNextWrite.withLock { $0 = true }
  }

  func contentsOfFile(at url: URL) throws -> Data? {
    try base.contentsOfFile(at: url)
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

  func replaceItem(at destination: URL, withItemAt source: URL) throws {
    try base.replaceItem(at: destination, withItemAt: source)
  }

  func removeItem(at url: URL) throws {
    try base.removeItem(at: url)
  }

  func contentsOfDirectory(at url: URL) throws -> [String] {
    try base.contentsOfDirectory(at: url)
  }

  func synchronizeFile(at url: URL) throws {
    try base.synchronizeFile(at: url)
  }

  func synchronizeDirectory(at url: URL) throws {
    try base.synchronizeDirectory(at: url)
  }

  func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try base.withExclusiveLock(at: url, body)
  }
}
