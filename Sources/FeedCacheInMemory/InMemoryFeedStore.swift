import FeedCache
import Foundation
import Synchronization

/// A ``FeedStore`` that keeps its feed in memory, for previews, tests and throwaway sessions.
///
/// It never fails, and it is safe to use from many tasks at once: a `Mutex` guards the cache.
/// Its cache lives and dies with the instance.
public final class InMemoryFeedStore: FeedStore {
  private let cache: Mutex<CachedFeed?>

  /// Creates a store.
  ///
  /// - Parameter cache: What the store holds at first; `nil`, nothing, by default.
  public init(cache: CachedFeed? = nil) {
    self.cache = Mutex(cache)
  }

  public func deleteCachedFeed() async {
    cache.withLock { $0 = nil }
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    cache.withLock { $0 = CachedFeed(feed: feed, timestamp: timestamp) }
  }

  public func retrieve() async -> CachedFeed? {
    cache.withLock { $0 }
  }
}
