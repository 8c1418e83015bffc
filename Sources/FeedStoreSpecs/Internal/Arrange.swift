import FeedCache

/// Thrown when a spec is handed a store that its factory did not make.
struct ForeignStoreError: Error, CustomStringConvertible {
  let factory: any FeedStoreFactory.Type
  let store: any FeedStore.Type

  var description: String {
    "\(factory) cannot work on a \(store): the spec expected a store of its own"
  }
}

extension FeedStoreFactory {
  /// Makes a store and inserts `cache` into it, when there is one: the usual "given a store
  /// with a cache".
  ///
  /// - Parameter cache: What the store holds; `nil` for an empty store.
  /// - Returns: The store.
  /// - Throws: What making the store or inserting into it throws.
  func makeStore(holding cache: CachedFeed?) async throws -> Store {
    let store = try await makeStore()
    if let cache {
      try await store.insert(cache.feed, timestamp: cache.timestamp)
    }
    return store
  }

  /// `store` as this factory's own type, so the capabilities' methods can take it.
  ///
  /// - Throws: ``ForeignStoreError`` when another factory made `store`.
  func own(_ store: any FeedStore) throws -> Store {
    guard let own = store as? Store else {
      throw ForeignStoreError(factory: Self.self, store: type(of: store))
    }
    return own
  }
}
