import Foundation

/// The role of a cache that can replace its feed.
///
/// ``FeedStore`` composes this role with ``FeedCacheRetrieving`` and ``FeedCacheDeleting``, so
/// every store plays it.
public protocol FeedCacheInserting: Sendable {
  /// Replaces the cached feed with `feed`, cached at `timestamp`.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order. An empty array caches an empty feed.
  ///   - timestamp: When the feed was cached.
  /// - Throws: An error when the store cannot be changed; the previous cache is then left as it was.
  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws
}
