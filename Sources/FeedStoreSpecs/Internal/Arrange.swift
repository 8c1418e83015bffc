import ContractSpecs
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
  /// Makes a new store, within the spec's time limit; an error names the factory's method.
  ///
  /// - Throws: What making the store throws.
  func makeEmptyStore() async throws -> Store {
    tracked(try await SpecRun.makeInstance("\(Self.self).makeStore()") { try await makeStore() })
  }

  /// `store`, tracked for memory leaks when the running test tracks them and the store is an
  /// object: every store a spec makes is, so an adopter needs only the trait.
  func tracked(_ store: Store) -> Store {
    if SpecRun.tracksMemoryLeaks, Store.self is AnyObject.Type {
      trackForMemoryLeaks(store as AnyObject)
    }
    return store
  }

  /// Makes a store and inserts `cache` into it, when there is one: the usual "given a store
  /// with a cache".
  ///
  /// - Parameter cache: What the store holds; `nil` for an empty store.
  /// - Returns: The store.
  /// - Throws: What making the store or inserting into it throws.
  func makeStore(holding cache: CachedFeed?) async throws -> Store {
    let store = try await makeEmptyStore()
    if let cache {
      try await store.insert(cache, "insert of the cache the spec starts from")
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

  /// Calls the factory's `method` on `store`, within the spec's time limit; an error names the
  /// method and `situation`.
  ///
  /// - Throws: What the method throws, or ``ForeignStoreError``.
  func call<Result>(
    _ method: String, on store: any FeedStore, _ situation: String = "",
    _ body: (Store) async throws -> Result
  ) async throws -> Result {
    let own = try own(store)
    return try await SpecRun.perform(
      "\(Self.self).\(method)" + (situation.isEmpty ? "" : " \(situation)")
    ) {
      try await body(own)
    }
  }
}

extension FeedStore {
  /// Inserts `cache`, within the spec's time limit.
  ///
  /// - Parameters:
  ///   - cache: The feed and timestamp to insert.
  ///   - operation: The insert as a failure names it: "insert into an empty store".
  /// - Throws: What the store throws.
  func insert(_ cache: CachedFeed, _ operation: String) async throws {
    try await SpecRun.perform(operation) {
      try await insert(cache.feed, timestamp: cache.timestamp)
    }
  }

  /// Retrieves, within the spec's time limit.
  ///
  /// - Parameter operation: The retrieve as a failure names it: "retrieve after an insert".
  /// - Returns: What the store delivers.
  /// - Throws: What the store throws.
  func retrieve(_ operation: String) async throws -> CachedFeed? {
    try await SpecRun.perform(operation) { try await retrieve() }
  }

  /// Deletes the cache, within the spec's time limit.
  ///
  /// - Parameter operation: The delete as a failure names it: "delete on an empty store".
  /// - Throws: What the store throws.
  func deleteCachedFeed(_ operation: String) async throws {
    try await SpecRun.perform(operation) { try await deleteCachedFeed() }
  }
}
