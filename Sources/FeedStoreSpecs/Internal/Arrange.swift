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

extension FailableRetrieveFeedStoreFactory {
  /// Makes a store holding `cache`, then breaks its retrieval.
  ///
  /// - Throws: What making, filling or breaking the store throws.
  func makeStoreFailingRetrieval(holding cache: CachedFeed) async throws -> Store {
    let store = try await makeStore(holding: cache)
    try await makeRetrievalFail(for: store)
    return store
  }
}

extension FailableInsertFeedStoreFactory {
  /// Makes a store holding `cache`, when there is one, then breaks its insertion.
  ///
  /// - Throws: What making, filling or breaking the store throws.
  func makeStoreFailingInsertion(holding cache: CachedFeed?) async throws -> Store {
    let store = try await makeStore(holding: cache)
    try await makeInsertionFail(for: store)
    return store
  }
}

extension FailableDeleteFeedStoreFactory {
  /// Makes a store holding `cache`, when there is one, then breaks its deletion.
  ///
  /// - Throws: What making, filling or breaking the store throws.
  func makeStoreFailingDeletion(holding cache: CachedFeed?) async throws -> Store {
    let store = try await makeStore(holding: cache)
    try await makeDeletionFail(for: store)
    return store
  }
}

extension PersistentFeedStoreFactory {
  /// Opens a second store over the storage of `store`, which this factory made.
  ///
  /// - Throws: What opening the store throws, or ``ForeignStoreError``.
  func reopen(_ store: any FeedStore) async throws -> Store {
    try await makeStore(sharingStorageWith: own(store))
  }
}

/// Damaged storage made by a factory, with what the specs do to it, free of the factory's types.
struct DamagedStorageFixture: Sendable {
  let name: String
  let snapshot: @Sendable () async throws -> StorageSnapshot
  let open: @Sendable () async throws -> any FeedStore
}

extension DamageableFeedStoreFactory {
  /// Makes storage damaged as `damage` after caching `cache`, ready for a spec to inspect and
  /// open.
  ///
  /// - Throws: What making the storage throws.
  func makeDamagedStorageFixture(_ damage: StorageDamage, afterCaching cache: CachedFeed)
    async throws -> DamagedStorageFixture
  {
    let storage = try await makeStorage(damagedAs: damage, afterCaching: cache)
    return DamagedStorageFixture(
      name: storageName(of: storage),
      snapshot: { try await snapshot(of: storage) },
      open: { try await makeStore(over: storage) })
  }
}

extension CrashableFeedStoreFactory {
  /// Opens a store over the storage of `store` that crashes after `crashPoint` writes.
  ///
  /// - Throws: What opening the store throws, or ``ForeignStoreError``.
  func reopen(_ store: any FeedStore, crashingAt crashPoint: Int) async throws -> Store {
    try await makeStore(sharingStorageWith: own(store), crashingAt: crashPoint)
  }

  /// The stray items beside the storage of `store`, which this factory made.
  ///
  /// - Throws: What listing them throws, or ``ForeignStoreError``.
  func strayItems(besideAny store: any FeedStore) async throws -> [String] {
    try await strayItems(besideStorageOf: own(store))
  }
}
