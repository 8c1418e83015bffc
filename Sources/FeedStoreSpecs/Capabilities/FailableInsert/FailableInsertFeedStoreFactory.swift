import ContractSpecs
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

extension FeedStoreCatalog {
  /// Insertion failures: ``FailableInsertFeedStoreFactory``.
  public static let failableInsert = Capability<
    FeedStoreCatalog, any FailableInsertFeedStoreFactory
  >(
    "failableInsert",
    provides: "`makeInsertionFail(for:)`: every later `insert` throws, `retrieve` still works",
    checks: "insert delivers an error; no side effects on an empty or a non-empty store",
    isProvided: { $0 is any FailableInsertFeedStoreFactory.Type },
    specs: { failableInsertSpecs })
}

extension CatalogEntry {
  /// The capability, with the fault the model-based spec injects through it.
  static let failableInsert = CatalogEntry(FeedStoreCatalog.failableInsert, fault: .insertion)
}

extension OperationFault {
  /// The fault the model-based spec injects through ``FailableInsertFeedStoreFactory``.
  static let insertion = OperationFault(
    FeedStoreCatalog.failableInsert, breaking: .insert, with: "makeInsertionFail"
  ) { (factory: any FailableInsertFeedStoreFactory, store) in
    try await factory.makeInsertionFail(forAny: store)
  }
}

extension FeedStoreCatalog {
  fileprivate static let failableInsertSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "insert_deliversErrorOnFailure", failableInsert,
      "A store whose storage refuses writes throws from insert."
    ) { (factory: any FailableInsertFeedStoreFactory) in
      let sut = try await factory.makeStoreFailingInsertion(holding: nil)

      await SpecRun.expectFailure(of: "insert into a broken store") {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      }
    },
    FeedStoreSpec(
      "insert_hasNoSideEffectsOnEmptyStoreOnFailure", failableInsert,
      "A failed insert into an empty store leaves it empty."
    ) { (factory: any FailableInsertFeedStoreFactory) in
      let sut = try await factory.makeStoreFailingInsertion(holding: nil)

      let failed = await SpecRun.expectFailure(of: "insert into a broken store") {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      }
      guard failed else { return }

      await expectRetrieval(from: sut, toDeliver: nil, "after a failed insert into an empty store")
    },
    FeedStoreSpec(
      "insert_keepsPreviousCacheOnFailure", failableInsert,
      "A failed insert of a larger feed keeps the cache the store had before it, whole."
    ) { (factory: any FailableInsertFeedStoreFactory) in
      let previous = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStoreFailingInsertion(holding: previous)

      let failed = await SpecRun.expectFailure(of: "insert into a broken store") {
        // Much larger than the cache, so a store that writes in place must grow its storage.
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(count: 100 * previous.feed.count),
          timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
      }
      guard failed else { return }

      await expectRetrieval(from: sut, toDeliver: previous, "after a failed insert")
    },
  ]
}

extension FailableInsertFeedStoreFactory {
  /// Makes a store holding `cache`, when there is one, then breaks its insertion.
  ///
  /// - Throws: What making, filling or breaking the store throws.
  fileprivate func makeStoreFailingInsertion(holding cache: CachedFeed?) async throws -> Store {
    let store = try await makeStore(holding: cache)
    try await makeInsertionFail(forAny: store)
    return store
  }

  /// Breaks the insertion of `store`, which this factory made, within the spec's time limit.
  ///
  /// - Throws: What breaking it throws, or ``ForeignStoreError``.
  fileprivate func makeInsertionFail(forAny store: any FeedStore) async throws {
    try await call("makeInsertionFail(for:)", on: store) { try await makeInsertionFail(for: $0) }
  }
}
