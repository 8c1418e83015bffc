import FeedCacheInMemory
import FeedStoreSpecs

/// Makes ``FeedCacheInMemory/InMemoryFeedStore``s: core specs only, since the store can neither
/// fail nor outlive its instance.
public struct InMemoryFeedStoreFactory: FeedStoreFactory {
  /// Creates the factory.
  public init() {}

  public func makeStore() -> InMemoryFeedStore {
    InMemoryFeedStore()
  }
}
