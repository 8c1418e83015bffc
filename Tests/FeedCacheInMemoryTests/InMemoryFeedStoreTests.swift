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

  private func makeSUT(
    cache: CachedFeed? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> InMemoryFeedStore {
    let sut = InMemoryFeedStore(cache: cache)
    trackForMemoryLeaks(sut, sourceLocation: sourceLocation)
    return sut
  }
}
