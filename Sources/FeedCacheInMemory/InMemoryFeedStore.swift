import FeedCache
import Foundation

/// A ``FeedStore`` that keeps its feed in memory, for previews, tests and throwaway sessions.
///
/// It never fails, and it is safe to use from many tasks at once: as an actor, it runs one call
/// at a time, and callers wait without blocking a thread. Its cache lives and dies with the
/// instance.
public actor InMemoryFeedStore: FeedStore {
  private var cache: CachedFeed?

  /// Creates a store.
  ///
  /// - Parameter cache: What the store holds at first; `nil`, nothing, by default.
  public init(cache: CachedFeed? = nil) {
    self.cache = cache
  }

  public func deleteCachedFeed() {
    cache = nil
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  public func retrieve() -> CachedFeed? {
    cache
  }
}
