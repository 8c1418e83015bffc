import FeedCache
import Testing

extension FeedStoreSpec {
  static let persistenceSpecs: [FeedStoreSpec] = [
    persistent(
      "persistence_secondInstanceSeesInsertion",
      "A second store opened over the same storage delivers what the first inserted."
    ) { factory, sourceLocation in
      let first = try await factory.makeStore()
      let inserted = FeedStoreFixtures.uniqueCachedFeed()

      try await first.insert(inserted.feed, timestamp: inserted.timestamp)
      let second = try await factory.reopen(first)

      await expectRetrieval(
        from: second, toDeliver: inserted, "from a second instance after the first inserted",
        sourceLocation: sourceLocation)
    },
    persistent(
      "persistence_secondInstanceSeesDeletion",
      "A second store, opened while the first had a cache, sees the first delete it."
    ) { factory, sourceLocation in
      let first = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())
      let second = try await factory.reopen(first)

      try await first.deleteCachedFeed()

      await expectRetrieval(
        from: second, toDeliver: nil, "from a second instance after the first deleted",
        sourceLocation: sourceLocation)
    },
    persistent(
      "persistence_laterInsertFromEitherInstanceWins",
      "Two stores over the same storage both deliver whichever inserted last."
    ) { factory, sourceLocation in
      let first = try await factory.makeStore()
      let second = try await factory.reopen(first)
      let fromFirst = FeedStoreFixtures.uniqueCachedFeed()
      let fromSecond = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)
      let fromFirstAgain = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 2)

      try await first.insert(fromFirst.feed, timestamp: fromFirst.timestamp)
      try await second.insert(fromSecond.feed, timestamp: fromSecond.timestamp)

      await expectRetrieval(
        from: first, toDeliver: fromSecond,
        "from the first instance after the second inserted last", sourceLocation: sourceLocation)

      try await first.insert(fromFirstAgain.feed, timestamp: fromFirstAgain.timestamp)

      await expectRetrieval(
        from: second, toDeliver: fromFirstAgain,
        "from the second instance after the first inserted last", sourceLocation: sourceLocation)
    },
  ]

  private static func persistent(
    _ id: String, _ summary: String,
    body: @escaping @Sendable (any PersistentFeedStoreFactory, SourceLocation) async throws -> Void
  ) -> FeedStoreSpec {
    FeedStoreSpec(
      id, .persistent, summary, capable: { $0 as? any PersistentFeedStoreFactory }, body: body)
  }
}
