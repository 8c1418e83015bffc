import FeedCache
import Foundation

/// Makes each store in a new directory of its own under `root`: the one factory that the spec
/// tests and the benchmark both use.
///
/// The tests add the capabilities the store has (its real faults, a second store over the same
/// directory) in extensions of their own, which the spec library finds wherever they are
/// declared; the benchmark needs only `makeStore()`.
public struct DirectoryFeedStoreFactory: FeedStoreFactory {
  /// The directory that each store's own directory is made in.
  public let root: URL
  private let storeMade: @Sendable (DirectoryFeedStore) -> Void

  /// Makes stores under `root`.
  ///
  /// - Parameter root: An existing directory, such as a test case's temporary directory.
  public init(root: URL) {
    self.init(root: root, storeMade: { _ in })
  }

  /// Makes stores under `root`, and hands each one to `storeMade` first.
  ///
  /// - Parameters:
  ///   - root: An existing directory, such as a test case's temporary directory.
  ///   - storeMade: Called with each store `makeStore()` makes, such as to track it for leaks.
  public init(root: URL, storeMade: @escaping @Sendable (DirectoryFeedStore) -> Void) {
    (self.root, self.storeMade) = (root, storeMade)
  }

  public func makeStore() -> DirectoryFeedStore {
    let store = DirectoryFeedStore(directory: root.appending(path: UUID().uuidString))
    storeMade(store)
    return store
  }
}
