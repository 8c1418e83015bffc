import FeedCache
import Foundation

/// A store written outside this repository, as an adopter would: an actor holding the feed.
actor MyStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() {
    cache = nil
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    // The contract keeps a URL relative to a base as its absolute string.
    let absolute = feed.map { image in
      LocalFeedImage(
        id: image.id, description: image.description, location: image.location,
        url: image.url.baseURL == nil
          ? image.url : URL(string: image.url.absoluteString) ?? image.url)
    }
    cache = CachedFeed(feed: absolute, timestamp: timestamp)
  }

  func retrieve() -> CachedFeed? {
    cache
  }
}
