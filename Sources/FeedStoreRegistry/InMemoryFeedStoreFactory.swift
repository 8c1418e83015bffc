import FeedStoreBackends
import FeedStoreSpecs

/// Makes ``FeedCacheInMemory/InMemoryFeedStore``s: core specs only, since the store can neither
/// fail nor outlive its instance.
package struct InMemoryFeedStoreFactory: FeedStoreFactory, Codable {
  /// Creates the factory.
  package init() {}

  package func makeStore() -> InMemoryFeedStore {
    InMemoryFeedStore()
  }
}
