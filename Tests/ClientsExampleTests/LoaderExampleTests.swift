import FeedCache
import Foundation
import Testing

@Test func load_deliversImagesOfFreshCache() async throws {
  let image = LocalFeedImage(id: UUID(), description: nil, location: nil, url: URL(filePath: "/a"))
  let savedAt = Date(timeIntervalSinceReferenceDate: 0)
  let store = CacheStub(cache: CachedFeed(feed: [image], timestamp: savedAt))
  let sut = LocalFeedLoader(store: store, currentDate: { savedAt + 60 })

  let images = try await sut.load()

  #expect(images == [image])
}
