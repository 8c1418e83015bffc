import FeedCache

/// A factory whose stores keep their cache beyond one instance, as across an app relaunch.
public protocol PersistentFeedStoreFactory: FeedStoreFactory {
  /// Opens a second store over the same storage as `store`.
  ///
  /// - Parameter store: A store this factory made.
  /// - Returns: A new instance that reads and writes what `store` reads and writes.
  /// - Throws: An error when the store cannot be opened; the spec then fails with it.
  func makeStore(sharingStorageWith store: Store) async throws -> Store
}
