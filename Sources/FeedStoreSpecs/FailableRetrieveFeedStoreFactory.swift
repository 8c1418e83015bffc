import FeedCache

/// A factory whose stores can really fail to retrieve, so the failure specs can check them.
///
/// The fault must be real, at the store's own boundary (its file, its database), never a wrapper
/// that throws before the store is touched: only then do the specs prove the store reports the
/// failure and keeps its state.
public protocol FailableRetrieveFeedStoreFactory: FeedStoreFactory {
  /// Breaks the storage behind `store` so that every later `retrieve()` throws.
  ///
  /// The specs call it on a store that holds a cache.
  ///
  /// - Parameter store: A store this factory made.
  /// - Throws: An error when the fault cannot be set up; the spec then fails with it.
  func makeRetrievalFail(for store: Store) async throws
}
