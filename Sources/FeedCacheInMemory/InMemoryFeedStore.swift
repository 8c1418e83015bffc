import FeedCache
import Foundation

/// A `FeedStore` that keeps its feed in memory, for previews, tests and throwaway sessions.
///
/// It never fails, and it is safe to use from many tasks at once: as an actor, it runs one call
/// at a time, and callers wait without blocking a thread. Its cache lives and dies with the
/// instance. Like the durable stores, it keeps a URL relative to a base as
/// `URL(string: url.absoluteString)`.
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
    cache = CachedFeed(feed: feed.map(\.withAbsoluteURL), timestamp: timestamp)
  }

  public func retrieve() -> CachedFeed? {
    cache
  }
}

extension LocalFeedImage {
  /// The image with a URL relative to a base made absolute, as the contract keeps it; a URL
  /// without a base stays exactly as it is.
  fileprivate var withAbsoluteURL: LocalFeedImage {
    guard url.baseURL != nil, let absolute = URL(string: url.absoluteString) else { return self }
    return LocalFeedImage(id: id, description: description, location: location, url: absolute)
  }
}
