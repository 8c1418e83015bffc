import FeedCacheJSONFile
import Foundation
import Synchronization

/// The real file system until its `crashingCall`-th call that changes the disk, which persists
/// nothing more, as if the process had died there: that call and every later one throw, and
/// a write it stops in leaves the first half of its bytes behind.
final class CrashingFileSystem: FileSystem {
  private let base = LocalFileSystem()
  private let crashingCall: Int
  private let changingCalls = Atomic(0)

  init(crashingCall: Int) {
    self.crashingCall = crashingCall
  }

  func contentsOfFile(at url: URL) throws -> Data? {
    try base.contentsOfFile(at: url)
  }

  func contentsOfDirectory(at url: URL) throws -> [String] {
    try base.contentsOfDirectory(at: url)
  }

  func createFile(at url: URL, contents: Data) throws {
    guard hasCrashed() else { return try base.createFile(at: url, contents: contents) }
    if changingCalls.load(ordering: .sequentiallyConsistent) == crashingCall {
      try base.createFile(at: url, contents: contents.prefix(contents.count / 2))
    }
    throw POSIXError(.EIO)
  }

  func synchronizeFile(at url: URL) throws {
    guard hasCrashed() else { return try base.synchronizeFile(at: url) }
    throw POSIXError(.EIO)
  }

  func replaceItem(at destination: URL, withItemAt source: URL) throws {
    guard hasCrashed() else { return try base.replaceItem(at: destination, withItemAt: source) }
    throw POSIXError(.EIO)
  }

  func synchronizeDirectory(at url: URL) throws {
    guard hasCrashed() else { return try base.synchronizeDirectory(at: url) }
    throw POSIXError(.EIO)
  }

  func removeItem(at url: URL) throws {
    guard hasCrashed() else { return try base.removeItem(at: url) }
    throw POSIXError(.EIO)
  }

  func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try base.withExclusiveLock(at: url, body)
  }

  /// Counts a call that changes the disk, and says whether the crash has come.
  private func hasCrashed() -> Bool {
    changingCalls.add(1, ordering: .sequentiallyConsistent).newValue >= crashingCall
  }
}
