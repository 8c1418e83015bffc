import FeedCache
import FeedCacheInMemory
import FeedStoreSpecs
import Testing

/// What only the in-memory store does, beside the specs every store runs.
@Suite(.trackingMemoryLeaks) struct InMemoryFeedStoreTests {
  @Test func retrieve_deliversCacheGivenAtInit() async {
    let cache = CachedFeed(
      feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
    let sut = makeSUT(cache: cache)

    let retrieved = await sut.retrieve()

    #expect(retrieved == cache)
  }

  @Test func concurrentInsertsAndRetrieves_neverDeliverATornCache() async {
    let sut = makeSUT()
    let caches = (0..<100).map { index in
      CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(count: 10),
        timestamp: FeedStoreFixtures.preciseTimestamp(offset: Double(index)))
    }

    let retrieved = await withTaskGroup(of: CachedFeed?.self) { group in
      for cache in caches {
        group.addTask {
          await sut.insert(cache.feed, timestamp: cache.timestamp)
          return await sut.retrieve()
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }

    #expect(retrieved.allSatisfy { $0.map(caches.contains) == true })
  }

  private func makeSUT(
    cache: CachedFeed? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> InMemoryFeedStore {
    let sut = InMemoryFeedStore(cache: cache)
    trackForMemoryLeaks(sut, sourceLocation: sourceLocation)
    return sut
  }
}
