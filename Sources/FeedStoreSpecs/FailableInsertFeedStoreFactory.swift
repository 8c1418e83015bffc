import FeedCache

/// A factory whose stores can really fail to insert, so the failure specs can check them.
///
/// The fault must be real, at the store's own boundary (its file system, its database), and must
/// leave retrieval working, so the specs can see that a failed insert changed nothing.
public protocol FailableInsertFeedStoreFactory: FeedStoreFactory {
  /// Breaks the storage behind `store` so that every later `insert(_:timestamp:)` throws while
  /// `retrieve()` still works.
  ///
  /// The specs call it on an empty store and on a store that holds a cache.
  ///
  /// - Parameter store: A store this factory made.
  /// - Throws: An error when the fault cannot be set up; the spec then fails with it.
  func makeInsertionFail(for store: Store) async throws
}
