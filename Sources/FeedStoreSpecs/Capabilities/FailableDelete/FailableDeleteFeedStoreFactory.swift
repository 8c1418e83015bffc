import ContractSpecs
import FeedCache

/// A factory whose stores can really fail to delete, so the failure specs can check them.
///
/// The fault must be real, at the store's own boundary (its file system, its database), and must
/// leave retrieval working, so the specs can see that a failed delete changed nothing.
public protocol FailableDeleteFeedStoreFactory: FeedStoreFactory {
  /// Breaks the storage behind `store` so that every later `deleteCachedFeed()` with a cache to
  /// delete throws while `retrieve()` still works.
  ///
  /// Deleting nothing is not an error, so on an empty store the specs accept a delete that
  /// succeeds as well as one that throws: a real fault, such as a directory that refuses
  /// changes, cannot make removing a file that does not exist fail.
  ///
  /// - Parameter store: A store this factory made.
  /// - Throws: An error when the fault cannot be set up; the spec then fails with it.
  func makeDeletionFail(for store: Store) async throws
}

extension FeedStoreCatalog {
  /// Deletion failures: ``FailableDeleteFeedStoreFactory``.
  public static let failableDelete = Capability<
    FeedStoreCatalog, any FailableDeleteFeedStoreFactory
  >(
    "failableDelete",
    provides:
      "`makeDeletionFail(for:)`: every later `deleteCachedFeed` throws, `retrieve` still works",
    checks: "delete delivers an error; no side effects on an empty or a non-empty store",
    isProvided: { $0 is any FailableDeleteFeedStoreFactory.Type },
    specs: { failableDeleteSpecs })
}

extension CatalogEntry {
  /// The capability, with the fault the model-based spec injects through it.
  static let failableDelete = CatalogEntry(FeedStoreCatalog.failableDelete, fault: .deletion)
}

extension OperationFault {
  /// The fault the model-based spec injects through ``FailableDeleteFeedStoreFactory``.
  static let deletion = OperationFault(
    FeedStoreCatalog.failableDelete, breaking: .delete, with: "makeDeletionFail"
  ) { (factory: any FailableDeleteFeedStoreFactory, store) in
    try await factory.makeDeletionFail(forAny: store)
  }
}

extension FeedStoreCatalog {
  fileprivate static let failableDeleteSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "delete_deliversErrorOnFailure", failableDelete,
      "A store whose storage refuses changes throws from deleting its cache."
    ) { (factory: any FailableDeleteFeedStoreFactory) in
      let sut = try await factory.makeStoreFailingDeletion(
        holding: FeedStoreFixtures.uniqueCachedFeed())

      await SpecRun.expectFailure(of: "delete on a broken store") {
        try await sut.deleteCachedFeed()
      }
    },
    FeedStoreSpec(
      "delete_hasNoSideEffectsOnEmptyStoreOnFailure", failableDelete,
      "A delete on a broken empty store may succeed or throw, and leaves nothing cached."
    ) { (factory: any FailableDeleteFeedStoreFactory) in
      let sut = try await factory.makeStoreFailingDeletion(holding: nil)

      // Deleting nothing is not an error, and no real fault can make it one: either outcome
      // keeps the contract, as long as nothing is cached afterwards.
      try? await sut.deleteCachedFeed()

      await expectRetrieval(from: sut, toDeliver: nil, "after a delete on a broken empty store")
    },
    FeedStoreSpec(
      "delete_keepsPreviousCacheOnFailure", failableDelete,
      "A failed delete keeps the cache the store had before it."
    ) { (factory: any FailableDeleteFeedStoreFactory) in
      let previous = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStoreFailingDeletion(holding: previous)

      let failed = await SpecRun.expectFailure(of: "delete on a broken store") {
        try await sut.deleteCachedFeed()
      }
      guard failed else { return }

      await expectRetrieval(from: sut, toDeliver: previous, "after a failed delete")
    },
  ]
}

extension FailableDeleteFeedStoreFactory {
  /// Makes a store holding `cache`, when there is one, then breaks its deletion.
  ///
  /// - Throws: What making, filling or breaking the store throws.
  fileprivate func makeStoreFailingDeletion(holding cache: CachedFeed?) async throws -> Store {
    let store = try await makeStore(holding: cache)
    try await makeDeletionFail(forAny: store)
    return store
  }

  /// Breaks the deletion of `store`, which this factory made, within the spec's time limit.
  ///
  /// - Throws: What breaking it throws, or ``ForeignStoreError``.
  fileprivate func makeDeletionFail(forAny store: any FeedStore) async throws {
    try await call("makeDeletionFail(for:)", on: store) { try await makeDeletionFail(for: $0) }
  }
}
