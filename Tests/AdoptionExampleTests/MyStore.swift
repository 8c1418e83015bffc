import FeedStoreSpecs
import Foundation

/// A store written outside this repository, as an adopter would: an actor holding the feed it
/// was given.
actor MyStore: FeedStore {
  private var cache: CachedFeed?

  func deleteCachedFeed() {
    cache = nil
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  func retrieve() -> CachedFeed? {
    cache
  }
}
