import FeedCache

extension FeedStoreSpec {
  static let insertSpecs: [FeedStoreSpec] = [
    core("insert_succeedsOnEmptyStore", "Inserting into a new store succeeds.") {
      factory, sourceLocation in
      let sut = try await factory.makeStore()

      await expectSuccess(of: "insert into an empty store", sourceLocation: sourceLocation) {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      }
    },
    core(
      "insert_succeedsOnNonEmptyStore", "Inserting into a store that has a cache succeeds."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())

      await expectSuccess(of: "insert into a store with a cache", sourceLocation: sourceLocation) {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(),
          timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
      }
    },
    core(
      "insert_overridesPreviouslyInsertedCache",
      "An insert replaces the whole previous cache, images and timestamp."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore(
        holding: CachedFeed(
          feed: FeedStoreFixtures.uniqueImageFeed(count: 4),
          timestamp: FeedStoreFixtures.preciseTimestamp()))
      let latest = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(count: 2),
        timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1.5)
      )

      try await sut.insert(latest.feed, timestamp: latest.timestamp)

      await expectRetrieval(
        from: sut, toDeliver: latest, "after a second insert", sourceLocation: sourceLocation)
    },
    core(
      "insert_cachesEmptyFeedAsEmptyCacheNotNil",
      "Inserting an empty feed caches an empty feed, which is not nil."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()
      let empty = CachedFeed(feed: [], timestamp: FeedStoreFixtures.preciseTimestamp())

      try await sut.insert(empty.feed, timestamp: empty.timestamp)

      await expectRetrieval(
        from: sut, toDeliver: empty, "after inserting an empty feed",
        sourceLocation: sourceLocation)
    },
  ]
}
