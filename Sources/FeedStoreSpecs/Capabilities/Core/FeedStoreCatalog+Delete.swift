import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let deleteSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "delete_succeedsOnEmptyStore", core,
      "Deleting from a new store succeeds."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      await SpecRun.expectSuccess(of: "delete on an empty store") {
        try await sut.deleteCachedFeed()
      }
    },
    FeedStoreSpec(
      "delete_hasNoSideEffectsOnEmptyStore", core,
      "Deleting from a new store leaves it empty."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      try await sut.deleteCachedFeed("delete on an empty store")

      await expectRetrieval(from: sut, toDeliver: nil, "after deleting from an empty store")
    },
    FeedStoreSpec(
      "delete_succeedsOnNonEmptyStore", core,
      "Deleting from a store with a cache succeeds."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())

      await SpecRun.expectSuccess(of: "delete on a store with a cache") {
        try await sut.deleteCachedFeed()
      }
    },
    FeedStoreSpec(
      "delete_emptiesPreviouslyInsertedCache", core,
      "Deleting from a store with a cache leaves nothing cached."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())

      try await sut.deleteCachedFeed("delete on a store with a cache")

      await expectRetrieval(from: sut, toDeliver: nil, "after deleting the cache")
    },
  ]
}
