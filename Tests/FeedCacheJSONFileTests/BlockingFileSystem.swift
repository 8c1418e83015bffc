import Dispatch
import FeedCacheJSONFile
import Foundation
import Synchronization

/// The real file system, except that every read waits until the test releases it, and that it
/// counts how many reads are waiting and the most that ever ran at once.
///
/// A read gives up waiting after `timeout`, so a store that blocks the wrong threads fails its
/// test instead of hanging it.
final class BlockingFileSystem: FileSystem {
  private let base = LocalFileSystem()
  private let release = DispatchSemaphore(value: 0)
  private let timeout: DispatchTimeInterval
  private let running = Atomic(0)
  private let mostRunning = Atomic(0)

  init(timeout: DispatchTimeInterval = .seconds(10)) {
    self.timeout = timeout
  }

  /// How many reads are waiting now.
  var waitingReads: Int { running.load(ordering: .sequentiallyConsistent) }

  /// The most reads that ever ran at the same time.
  var mostConcurrentReads: Int { mostRunning.load(ordering: .sequentiallyConsistent) }

  /// Lets `count` waiting or future reads go on.
  func releaseReads(_ count: Int) {
    for _ in 0..<count { release.signal() }
  }

  func contentsOfFile(at url: URL) throws -> Data? {
    let now = running.add(1, ordering: .sequentiallyConsistent).newValue
    mostRunning.max(now, ordering: .sequentiallyConsistent)
    defer { running.subtract(1, ordering: .sequentiallyConsistent) }
    guard release.wait(timeout: .now() + timeout) == .success else { throw POSIXError(.ETIMEDOUT) }
    return try base.contentsOfFile(at: url)
  }

  func contentsOfDirectory(at url: URL) throws -> [String] {
    try base.contentsOfDirectory(at: url)
  }

  func createFile(at url: URL, contents: Data) throws {
    try base.createFile(at: url, contents: contents)
  }

  func synchronizeFile(at url: URL) throws {
    try base.synchronizeFile(at: url)
  }

  func replaceItem(at destination: URL, withItemAt source: URL) throws {
    try base.replaceItem(at: destination, withItemAt: source)
  }

  func synchronizeDirectory(at url: URL) throws {
    try base.synchronizeDirectory(at: url)
  }

  func removeItem(at url: URL) throws {
    try base.removeItem(at: url)
  }

  func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try base.withExclusiveLock(at: url, body)
  }
}
