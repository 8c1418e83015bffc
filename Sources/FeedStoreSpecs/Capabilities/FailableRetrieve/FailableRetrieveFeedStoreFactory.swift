import ContractSpecs
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

extension FeedStoreCatalog {
  /// Retrieval failures: ``FailableRetrieveFeedStoreFactory``.
  public static let failableRetrieve = Capability<
    FeedStoreCatalog, any FailableRetrieveFeedStoreFactory
  >(
    "failableRetrieve",
    provides: "`makeRetrievalFail(for:)`: break the storage so every later `retrieve()` throws",
    checks: "retrieve delivers an error; a failed retrieve has no side effects",
    isProvided: { $0 is any FailableRetrieveFeedStoreFactory.Type },
    specs: { failableRetrieveSpecs })
}

extension CatalogEntry {
  /// The capability, with the fault the model-based spec injects through it.
  static let failableRetrieve = CatalogEntry(FeedStoreCatalog.failableRetrieve, fault: .retrieval)
}

extension OperationFault {
  /// The fault the model-based spec injects through ``FailableRetrieveFeedStoreFactory``.
  static let retrieval = OperationFault(
    FeedStoreCatalog.failableRetrieve, breaking: .retrieve, with: "makeRetrievalFail"
  ) { (factory: any FailableRetrieveFeedStoreFactory, store) in
    try await factory.makeRetrievalFail(forAny: store)
  }
}

extension FeedStoreCatalog {
  fileprivate static let failableRetrieveSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "retrieve_deliversErrorOnFailure", failableRetrieve,
      "A store whose storage is broken throws from retrieve, rather than delivering nil or a "
        + "partial feed."
    ) { (factory: any FailableRetrieveFeedStoreFactory) in
      let sut = try await factory.makeStoreFailingRetrieval(
        holding: FeedStoreFixtures.uniqueCachedFeed())

      await SpecRun.expectFailure(of: "retrieve from a broken store") {
        _ = try await sut.retrieve()
      }
    },
    FeedStoreSpec(
      "retrieve_hasNoSideEffectsOnFailure", failableRetrieve,
      "A failed retrieve changes nothing: retrieving again fails again, instead of the store "
        + "discarding what it could not read."
    ) { (factory: any FailableRetrieveFeedStoreFactory) in
      let sut = try await factory.makeStoreFailingRetrieval(
        holding: FeedStoreFixtures.uniqueCachedFeed())

      let failed = await SpecRun.expectFailure(of: "retrieve from a broken store") {
        _ = try await sut.retrieve()
      }
      guard failed else { return }

      await SpecRun.expectFailure(of: "a second retrieve from a broken store") {
        _ = try await sut.retrieve()
      }
    },
  ]
}

extension FailableRetrieveFeedStoreFactory {
  /// Makes a store holding `cache`, then breaks its retrieval.
  ///
  /// - Throws: What making, filling or breaking the store throws.
  fileprivate func makeStoreFailingRetrieval(holding cache: CachedFeed) async throws -> Store {
    let store = try await makeStore(holding: cache)
    try await makeRetrievalFail(forAny: store)
    return store
  }

  /// Breaks the retrieval of `store`, which this factory made, within the spec's time limit.
  ///
  /// - Throws: What breaking it throws, or ``ForeignStoreError``.
  fileprivate func makeRetrievalFail(forAny store: any FeedStore) async throws {
    try await call("makeRetrievalFail(for:)", on: store) { try await makeRetrievalFail(for: $0) }
  }
}
