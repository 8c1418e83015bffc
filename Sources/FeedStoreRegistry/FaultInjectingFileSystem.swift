import FeedCacheJSONFile
import Foundation
import Synchronization

/// The real file system, except for the operations told to fail, which throw the error a real
/// disk would before touching anything.
///
/// ```swift
/// let fileSystem = FaultInjectingFileSystem()
/// fileSystem.injectFault(.replaceItem)
/// let store = JSONFileFeedStore(storeURL: url, fileSystem: fileSystem)
/// ```
package final class FaultInjectingFileSystem: FileSystem {
  /// An operation of ``FeedCacheJSONFile/FileSystem``.
  package enum Operation: Hashable, Sendable {
    /// Reading a file fails with `EIO`.
    case contentsOfFile
    /// Creating a file fails with `ENOSPC`, as on a full disk.
    case createFile
    /// Renaming fails with `EXDEV`.
    case replaceItem
    /// Removing fails with `EACCES`.
    case removeItem

    var error: POSIXError {
      switch self {
      case .contentsOfFile: POSIXError(.EIO)
      case .createFile: POSIXError(.ENOSPC)
      case .replaceItem: POSIXError(.EXDEV)
      case .removeItem: POSIXError(.EACCES)
      }
    }

    /// The operation's bit in the set of broken operations.
    var bit: UInt8 {
      switch self {
      case .contentsOfFile: 1
      case .createFile: 2
      case .replaceItem: 4
      case .removeItem: 8
      }
    }
  }

  private let base: any FileSystem
  // A bit set in an atomic, not a `Mutex`: stores on many threads read it at once, and on Linux
  // the thread sanitizer misreports a contended `Mutex`.
  private let faults = Atomic<UInt8>(0)

  /// Creates a file system that passes every call to `base` until told to fail.
  ///
  /// - Parameter base: The file system that does the work; the real one by default.
  package init(base: any FileSystem = LocalFileSystem()) {
    self.base = base
  }

  /// Makes every later call of `operation` throw.
  ///
  /// - Parameter operation: The operation to break.
  package func injectFault(_ operation: Operation) {
    faults.bitwiseOr(operation.bit, ordering: .sequentiallyConsistent)
  }

  package func contentsOfFile(at url: URL) throws -> Data? {
    try failIfFaulty(.contentsOfFile)
    return try base.contentsOfFile(at: url)
  }

  package func createFile(at url: URL, contents: Data) throws {
    try failIfFaulty(.createFile)
    try base.createFile(at: url, contents: contents)
  }

  package func replaceItem(at destination: URL, withItemAt source: URL) throws {
    try failIfFaulty(.replaceItem)
    try base.replaceItem(at: destination, withItemAt: source)
  }

  package func removeItem(at url: URL) throws {
    try failIfFaulty(.removeItem)
    try base.removeItem(at: url)
  }

  package func contentsOfDirectory(at url: URL) throws -> [String] {
    try base.contentsOfDirectory(at: url)
  }

  package func synchronizeFile(at url: URL) throws {
    try base.synchronizeFile(at: url)
  }

  package func synchronizeDirectory(at url: URL) throws {
    try base.synchronizeDirectory(at: url)
  }

  package func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try base.withExclusiveLock(at: url, body)
  }

  private func failIfFaulty(_ operation: Operation) throws {
    if faults.load(ordering: .sequentiallyConsistent) & operation.bit != 0 {
      throw operation.error
    }
  }
}
