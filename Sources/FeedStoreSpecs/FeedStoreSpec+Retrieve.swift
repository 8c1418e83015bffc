import FeedCache

extension FeedStoreSpec {
  static let retrieveSpecs: [FeedStoreSpec] = [
    core("retrieve_deliversNilOnEmptyStore", "A new store delivers nil: nothing cached.") {
      factory, sourceLocation in
      let sut = try await factory.makeStore()

      await expectRetrieval(
        from: sut, toDeliver: nil, "on an empty store", sourceLocation: sourceLocation)
    },
    core(
      "retrieve_hasNoSideEffectsOnEmptyStore",
      "Retrieving twice from a new store delivers nil both times."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()

      await expectRetrieval(
        from: sut, toDeliver: nil, "on an empty store", sourceLocation: sourceLocation)
      await expectRetrieval(
        from: sut, toDeliver: nil, "a second time on an empty store",
        sourceLocation: sourceLocation)
    },
    core(
      "retrieve_deliversInsertedCache",
      "A store delivers the feed and the exact timestamp it was given."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()
      let inserted = FeedStoreFixtures.uniqueCachedFeed()

      try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

      await expectRetrieval(
        from: sut, toDeliver: inserted, "after an insert", sourceLocation: sourceLocation)
    },
    core(
      "retrieve_deliversEveryFieldExactly",
      "A store keeps every field exactly: nil beside empty text, duplicates, order, awkward "
        + "characters, a timestamp near 2001."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()
      let inserted = CachedFeed(
        feed: FeedStoreFixtures.edgeCaseImageFeed(),
        timestamp: FeedStoreFixtures.preciseTimestampNearReferenceDate()
      )

      try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

      await expectRetrieval(
        from: sut, toDeliver: inserted, "after inserting awkward values",
        sourceLocation: sourceLocation)
    },
    core(
      "retrieve_hasNoSideEffectsOnNonEmptyStore",
      "Retrieving twice from a store with a cache delivers the same cache both times."
    ) { factory, sourceLocation in
      let inserted = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStore(holding: inserted)

      await expectRetrieval(
        from: sut, toDeliver: inserted, "after an insert", sourceLocation: sourceLocation)
      await expectRetrieval(
        from: sut, toDeliver: inserted, "a second time after an insert",
        sourceLocation: sourceLocation)
    },
  ]
}
