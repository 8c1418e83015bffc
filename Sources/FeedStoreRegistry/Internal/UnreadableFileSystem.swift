import FeedCacheJSONFile
import Foundation
import Synchronization

/// The real file system, except that reading one file fails with `EIO`, as a bad sector would,
/// until that file is replaced or removed.
final class UnreadableFileSystem: FileSystem {
  private let unreadableFile: URL
  private let base: any FileSystem
  private let isDamaged = Atomic(true)

  init(unreadableFile: URL, base: any FileSystem) {
    self.unreadableFile = unreadableFile
    self.base = base
  }

  func contentsOfFile(at url: URL) throws -> Data? {
    if url == unreadableFile, isDamaged.load(ordering: .sequentiallyConsistent) {
      throw POSIXError(.EIO)
    }
    return try base.contentsOfFile(at: url)
  }

  func createFile(at url: URL, contents: Data) throws {
    try base.createFile(at: url, contents: contents)
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
      isDamaged.store(false, ordering: .sequentiallyConsistent)
    }
  }
}
