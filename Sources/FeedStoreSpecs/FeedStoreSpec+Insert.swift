import FeedCache

extension FeedStoreSpec {
  static let insertSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "insert_succeedsOnEmptyStore", .core,
      "Inserting into a new store succeeds."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore()

      await expectSuccess(of: "insert into an empty store") {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      }
    },
    FeedStoreSpec(
      "insert_succeedsOnNonEmptyStore", .core,
      "Inserting into a store that has a cache succeeds."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())

      await expectSuccess(of: "insert into a store with a cache") {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(),
          timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
      }
    },
    FeedStoreSpec(
      "insert_overridesPreviouslyInsertedCache", .core,
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

      try await sut.insert(latest.feed, timestamp: latest.timestamp)

      await expectRetrieval(from: sut, toDeliver: latest, "after a second insert")
    },
    FeedStoreSpec(
      "insert_cachesEmptyFeedAsEmptyCacheNotNil", .core,
      "Inserting an empty feed caches an empty feed, which is not nil."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore()
      let empty = CachedFeed(feed: [], timestamp: FeedStoreFixtures.preciseTimestamp())

      try await sut.insert(empty.feed, timestamp: empty.timestamp)

      await expectRetrieval(from: sut, toDeliver: empty, "after inserting an empty feed")
    },
  ]
}
