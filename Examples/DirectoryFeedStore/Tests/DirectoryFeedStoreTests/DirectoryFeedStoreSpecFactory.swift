import DirectoryFeedStore
import FeedStoreSpecs
import Foundation

/// The factory the specs run: the store's own factory, over files that the tests can make fail,
/// with the capabilities the store has declared in this target's extensions, which the spec
/// library finds wherever they are declared.
///
/// A type of the test target's own, so that its capabilities, written with this target's fault
/// types, stay internal to it. It is `Codable`, so that each spec can run in a process of its own.
struct DirectoryFeedStoreSpecFactory: FeedStoreFactory, Codable {
  private let base: DirectoryFeedStoreFactory<FaultyDirectoryFiles>

  /// Makes stores under `root`.
  ///
  /// - Parameter root: An existing directory, such as a test case's temporary directory.
  init(root: URL) {
    base = DirectoryFeedStoreFactory(root: root, files: FaultyDirectoryFiles.self)
  }

  /// The directory that each store's own directory is made in.
  var root: URL { base.root }

  func makeStore() -> DirectoryFeedStore {
    base.makeStore()
  }
}
