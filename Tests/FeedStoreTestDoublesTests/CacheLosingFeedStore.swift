import FeedCache
import Foundation

/// A store that breaks the contract: when its storage refuses an insert, it has already thrown
/// its cache away. The `FeedStoreSpecs` failure specs exist to catch exactly this store.
actor CacheLosingFeedStore: FeedStore {
  struct StorageRefusedWrite: Error {}

  private var cache: CachedFeed?
  private var refusesWrites: Bool = false

  init(cache: CachedFeed?) {
    self.cache = cache
  }

  /// Makes the storage refuse every later insert: a real fault, inside the store.
  func breakStorage() {
    refusesWrites = true
  }

  func deleteCachedFeed() {
    cache = nil
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    cache = nil
    guard !refusesWrites else { throw StorageRefusedWrite() }
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  func retrieve() -> CachedFeed? {
    cache
  }
}
