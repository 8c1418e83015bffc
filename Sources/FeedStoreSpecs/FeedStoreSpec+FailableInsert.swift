import FeedCache
import Testing

extension FeedStoreSpec {
  static let failableInsertSpecs: [FeedStoreSpec] = [
    failableInsert(
      "insert_deliversErrorOnFailure",
      "A store whose storage refuses writes throws from insert."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStoreFailingInsertion(holding: nil)

      await expectFailure(of: "insert into a broken store", sourceLocation: sourceLocation) {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      }
    },
    failableInsert(
      "insert_hasNoSideEffectsOnEmptyStoreOnFailure",
      "A failed insert into an empty store leaves it empty."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStoreFailingInsertion(holding: nil)

      let failed = await expectFailure(
        of: "insert into a broken store", sourceLocation: sourceLocation
      ) {
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      }
      guard failed else { return }

      await expectRetrieval(
        from: sut, toDeliver: nil, "after a failed insert into an empty store",
        sourceLocation: sourceLocation)
    },
    failableInsert(
      "insert_keepsPreviousCacheOnFailure",
      "A failed insert of a larger feed keeps the cache the store had before it, whole."
    ) { factory, sourceLocation in
      let previous = FeedStoreFixtures.uniqueCachedFeed()
      let sut = try await factory.makeStoreFailingInsertion(holding: previous)

      let failed = await expectFailure(
        of: "insert into a broken store", sourceLocation: sourceLocation
      ) {
        // Much larger than the cache, so a store that writes in place must grow its storage.
        try await sut.insert(
          FeedStoreFixtures.uniqueImageFeed(count: 100 * previous.feed.count),
          timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
      }
      guard failed else { return }

      await expectRetrieval(
        from: sut, toDeliver: previous, "after a failed insert", sourceLocation: sourceLocation)
    },
  ]

  private static func failableInsert(
    _ id: String, _ summary: String,
    body:
      @escaping @Sendable (any FailableInsertFeedStoreFactory, SourceLocation) async throws
      -> Void
  ) -> FeedStoreSpec {
    FeedStoreSpec(
      id, .failableInsert, summary, capable: { $0 as? any FailableInsertFeedStoreFactory },
      body: body)
  }
}
