import FeedStoreBackends
import Foundation
import SharedSupport

/// The real file system, except for the operations told to fail, which throw the error a real
/// disk would before touching anything.
///
/// ```swift
/// let fileSystem = FaultInjectingFileSystem()
/// fileSystem.injectFault(.replaceItem)
/// let store = try JSONFileFeedStore(storeURL: url, fileSystem: fileSystem)
/// ```
package final class FaultInjectingFileSystem: ForwardingFileSystem {
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
  }

  package let base: any FileSystem
  private let faults = Locked<Set<Operation>>([])

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
    faults.withLock { _ = $0.insert(operation) }
  }

  package func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
    try failIfFaulty(.contentsOfFile)
    return try base.contentsOfFile(at: url, maximumSize: maximumSize)
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

  private func failIfFaulty(_ operation: Operation) throws {
    if faults.current.contains(operation) {
      throw operation.error
    }
  }
}
