import FeedStoreSpecs
import MyFeedCache
import Testing

@Suite(.temporaryDirectory, .trackingMemoryLeaks)
struct MyFeedStoreTests {
  @Test func retrieve_deliversWhatAnotherInstanceInserted() async throws {
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    try await makeSUT().insert(cache.feed, timestamp: cache.timestamp)

    let sut = try makeSUT()

    try await expect(sut, toRetrieve: cache)
  }

  private func makeSUT(sourceLocation: SourceLocation = #_sourceLocation) throws -> MyFeedStore {
    let fileURL = try TemporaryDirectory.current.appending(path: "feed.json")
    let sut = MyFeedStore(fileURL: fileURL)
    trackForMemoryLeaks(sut, sourceLocation: sourceLocation)
    return sut
  }
}
