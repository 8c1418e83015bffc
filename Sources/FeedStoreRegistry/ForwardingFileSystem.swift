import FeedStoreBackends
import Foundation

/// A file system that passes every call it does not implement itself to ``base``: a test file
/// system writes only the calls it changes.
///
/// ```swift
/// final class ReadFailingFileSystem: ForwardingFileSystem {
///   let base: any FileSystem = LocalFileSystem()
///
///   func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
///     throw POSIXError(.EIO)
///   }
/// }
/// ```
package protocol ForwardingFileSystem: FileSystem {
  /// The file system that does the work the calls are not changed for.
  var base: any FileSystem { get }
}

extension ForwardingFileSystem {
  package func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
    try base.contentsOfFile(at: url, maximumSize: maximumSize)
  }

  package func contentsOfDirectory(at url: URL) throws -> [String] {
    try base.contentsOfDirectory(at: url)
  }

  package func createFile(at url: URL, contents: Data) throws {
    try base.createFile(at: url, contents: contents)
  }

  package func synchronizeFile(at url: URL) throws {
    try base.synchronizeFile(at: url)
  }

  package func replaceItem(at destination: URL, withItemAt source: URL) throws {
    try base.replaceItem(at: destination, withItemAt: source)
  }

  package func synchronizeDirectory(at url: URL) throws {
    try base.synchronizeDirectory(at: url)
  }

  package func removeItem(at url: URL) throws {
    try base.removeItem(at: url)
  }

  package func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try base.withExclusiveLock(at: url, body)
  }
}
