import FeedCache
import Foundation

/// Makes each store in a new directory of its own under `root`, reaching its files through a new
/// `Files`: the one factory that the spec tests and the benchmark both use.
///
/// The benchmark uses the real files, ``LocalDirectoryFiles``. The tests use a `Files` of their
/// own that can fail for real at the store's boundary, and add the capabilities the store has
/// (its faults, a second store over the same directory, damaged storage, crashes) in extensions,
/// which the spec library finds wherever they are declared. It is `Codable`, so that each spec
/// can run in a process of its own.
public struct DirectoryFeedStoreFactory<Files: DirectoryFiles>: FeedStoreFactory, Codable {
  /// The directory that each store's own directory is made in.
  public let root: URL

  /// Makes stores under `root`.
  ///
  /// - Parameters:
  ///   - root: An existing directory, such as a test case's temporary directory.
  ///   - files: How the stores reach their files.
  public init(root: URL, files: Files.Type) {
    self.root = root
  }

  public func makeStore() -> DirectoryFeedStore {
    DirectoryFeedStore(directory: root.appending(path: UUID().uuidString), files: Files())
  }
}

extension DirectoryFeedStoreFactory where Files == LocalDirectoryFiles {
  /// Makes stores under `root` that reach the real files.
  ///
  /// - Parameter root: An existing directory, such as a test case's temporary directory.
  public init(root: URL) {
    self.init(root: root, files: LocalDirectoryFiles.self)
  }
}
