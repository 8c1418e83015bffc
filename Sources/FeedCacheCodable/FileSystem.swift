import Foundation

/// The file operations a ``CodableFeedStore`` needs, and the only way it reaches the disk.
///
/// ``LocalFileSystem`` is the real one. Inject another at the store's boundary to simulate
/// faults a test cannot cause for real, such as a full disk, while the store's own code runs.
public protocol FileSystem: Sendable {
  /// Reads a whole file.
  ///
  /// - Parameter url: The file to read.
  /// - Returns: The file's contents, or `nil` when no file exists at `url`.
  /// - Throws: An error when the file exists but cannot be read.
  func contentsOfFile(at url: URL) throws -> Data?

  /// Creates a file holding `contents`, or truncates and overwrites an existing one, and
  /// returns only once the bytes are on stable storage.
  ///
  /// - Parameters:
  ///   - url: The file to write.
  ///   - contents: The bytes to write.
  /// - Throws: An error when the file cannot be written completely.
  func createFile(at url: URL, contents: Data) throws

  /// Atomically replaces the item at `destination` with the one at `source`, as `rename(2)` does:
  /// a reader sees either the old item or the new one, never a mix.
  ///
  /// - Parameters:
  ///   - destination: The item to replace; it need not exist.
  ///   - source: The item to move; it no longer exists afterwards.
  /// - Throws: An error when the item cannot be moved; `destination` is then unchanged.
  func replaceItem(at destination: URL, withItemAt source: URL) throws

  /// Removes the item at `url`; does nothing when there is none.
  ///
  /// - Parameter url: The item to remove.
  /// - Throws: An error when the item exists but cannot be removed.
  func removeItem(at url: URL) throws
}
