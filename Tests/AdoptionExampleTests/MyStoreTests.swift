import FeedStoreSpecs
import Testing

@Suite(.trackingMemoryLeaks) struct MyStoreTests {
  @Test func retrieve_deliversTheInsertedFeed() async {
    let sut = makeSUT()
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(await sut.retrieve() == cache)
  }
}
