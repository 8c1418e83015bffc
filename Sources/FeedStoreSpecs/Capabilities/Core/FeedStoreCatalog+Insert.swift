import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let insertSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "insert_succeedsOnEmptyStore", core,
      "Inserting into a new store succeeds."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      await SpecRun.expectSuccess(of: "insert into an empty store") {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      }
    },
    FeedStoreSpec(
      "insert_succeedsOnNonEmptyStore", core,
      "Inserting into a store that has a cache succeeds."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())

      await SpecRun.expectSuccess(of: "insert into a store with a cache") {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(),
          timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
      }
    },
    FeedStoreSpec(
      "insert_overridesPreviouslyInsertedCache", core,
      "An insert replaces the whole previous cache, images and timestamp."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore(
        holding: CachedFeed(
          feed: FeedStoreFixtures.uniqueImageFeed(count: 4),
          timestamp: FeedStoreFixtures.preciseTimestamp()))
      let latest = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(count: 2),
        timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1.5)
      )

      try await sut.insert(latest, "insert into a store with a cache")

      await expectRetrieval(from: sut, toDeliver: latest, "after a second insert")
    },
    FeedStoreSpec(
      "insert_cachesEmptyFeedAsEmptyCacheNotNil", core,
      "Inserting an empty feed caches an empty feed, which is not nil."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()
      let empty = CachedFeed(feed: [], timestamp: FeedStoreFixtures.preciseTimestamp())

      try await sut.insert(empty, "insert of an empty feed")

      await expectRetrieval(from: sut, toDeliver: empty, "after inserting an empty feed")
    },
    FeedStoreSpec(
      "insert_sameImagesWithALaterTimestampDeliverTheLaterTimestamp", core,
      "Inserting the cached images again with a later timestamp caches that timestamp: a write is "
        + "never skipped as unchanged."
    ) { (factory: any FeedStoreFactory) in
      let first = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStore(holding: first)
      let later = CachedFeed(
        feed: first.feed, timestamp: FeedStoreFixtures.preciseTimestamp(offset: 60))

      try await sut.insert(later, "insert of the same images with a later timestamp")

      await expectRetrieval(
        from: sut, toDeliver: later, "after inserting the same images with a later timestamp")
    },
    FeedStoreSpec(
      "insert_otherImagesWithTheSameTimestampDeliverTheOtherImages", core,
      "Inserting other images with the cached timestamp caches those images: a write is never "
        + "skipped as unchanged."
    ) { (factory: any FeedStoreFactory) in
      let first = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStore(holding: first)
      let other = CachedFeed(feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: first.timestamp)

      try await sut.insert(other, "insert of other images with the same timestamp")

      await expectRetrieval(
        from: sut, toDeliver: other, "after inserting other images with the same timestamp")
    },
  ]
}
