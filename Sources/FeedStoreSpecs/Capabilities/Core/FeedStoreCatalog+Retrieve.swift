import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let retrieveSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "retrieve_deliversNilOnEmptyStore", core,
      "A new store delivers nil: nothing cached."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      await expectRetrieval(from: sut, toDeliver: nil, "on an empty store")
    },
    FeedStoreSpec(
      "retrieve_hasNoSideEffectsOnEmptyStore", core,
      "Retrieving twice from a new store delivers nil both times."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      await expectRetrieval(from: sut, toDeliver: nil, "on an empty store")
      await expectRetrieval(from: sut, toDeliver: nil, "a second time on an empty store")
    },
    FeedStoreSpec(
      "retrieve_deliversInsertedCache", core,
      "A store delivers the feed and the exact timestamp it was given."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()
      let inserted = FeedStoreFixtures.uniqueCachedFeed()

      try await sut.insert(inserted, "insert into an empty store")

      await expectRetrieval(from: sut, toDeliver: inserted, "after an insert")
    },
    FeedStoreSpec(
      "retrieve_deliversEveryFieldExactly", core,
      "A store keeps every field exactly: nil beside empty text, duplicates, order, awkward "
        + "characters, a timestamp near 2001."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()
      let inserted = CachedFeed(
        feed: FeedStoreFixtures.edgeCaseImageFeed(),
        timestamp: FeedStoreFixtures.preciseTimestampNearReferenceDate()
      )

      try await sut.insert(inserted, "insert of awkward values")

      await expectRetrieval(from: sut, toDeliver: inserted, "after inserting awkward values")
    },
    FeedStoreSpec(
      "retrieve_hasNoSideEffectsOnNonEmptyStore", core,
      "Retrieving twice from a store with a cache delivers the same cache both times."
    ) { (factory: any FeedStoreFactory) in
      let inserted = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStore(holding: inserted)

      await expectRetrieval(from: sut, toDeliver: inserted, "after an insert")
      await expectRetrieval(from: sut, toDeliver: inserted, "a second time after an insert")
    },
  ]
}
