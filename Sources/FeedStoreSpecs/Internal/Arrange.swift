import FeedCache

/// Makes a store with `factory` and inserts a unique feed into it: the usual "given a store with
/// a cache".
///
/// - Returns: The store, and the cache it holds.
func makeStoreHoldingUniqueCache<Factory: FeedStoreFactory>(
  using factory: Factory
) async throws -> (Factory.Store, CachedFeed) {
  let store = try await factory.makeStore()
  let cache = FeedStoreFixtures.uniqueCachedFeed()
  try await store.insert(cache.feed, timestamp: cache.timestamp)
  return (store, cache)
}
