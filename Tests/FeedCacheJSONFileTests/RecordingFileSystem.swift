import FeedCacheJSONFile
import Foundation
import SharedSupport

/// The real file system, recording every call by name and file name, in order, for tests that
/// check the sequence of steps a store takes on disk.
final class RecordingFileSystem: FileSystem {
  private let base = LocalFileSystem()
  private let recorded = Locked<[String]>([])

  /// The calls so far, such as `"replaceItem feed.json .feed.json.tmp"`.
  var calls: [String] { recorded.current }

  func removeAllCalls() {
    recorded.withLock { $0.removeAll() }
  }

  func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
    record("contentsOfFile", url)
    return try base.contentsOfFile(at: url, maximumSize: maximumSize)
  }

  func contentsOfDirectory(at url: URL) throws -> [String] {
    record("contentsOfDirectory", url)
    return try base.contentsOfDirectory(at: url)
  }

  func createFile(at url: URL, contents: Data) throws {
    record("createFile", url)
    try base.createFile(at: url, contents: contents)
  }

  func synchronizeFile(at url: URL) throws {
    record("synchronizeFile", url)
    try base.synchronizeFile(at: url)
  }

  func replaceItem(at destination: URL, withItemAt source: URL) throws {
    record("replaceItem", destination, source)
    try base.replaceItem(at: destination, withItemAt: source)
  }

  func synchronizeDirectory(at url: URL) throws {
    record("synchronizeDirectory", url)
    try base.synchronizeDirectory(at: url)
  }

  func removeItem(at url: URL) throws {
    record("removeItem", url)
    try base.removeItem(at: url)
  }

  func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    record("lock", url)
    defer { record("unlock", url) }
    return try base.withExclusiveLock(at: url, body)
  }

  private func record(_ name: String, _ urls: URL...) {
    let call = ([name] + urls.map(\.lastPathComponent)).joined(separator: " ")
    recorded.withLock { $0.append(call) }
  }
}
