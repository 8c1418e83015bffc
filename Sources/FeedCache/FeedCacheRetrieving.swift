/// The role of a cache that can deliver its feed: all a client that only reads needs.
///
/// ``FeedStore`` composes this role with ``FeedCacheInserting`` and ``FeedCacheDeleting``, so
/// every store plays it. A client that holds `any FeedCacheRetrieving`, like ``LocalFeedLoader``,
/// can only read the cache, and its test double implements only ``retrieve()``.
public protocol FeedCacheRetrieving: Sendable {
  /// Delivers the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when nothing is cached.
  /// - Throws: An error when the stored cache cannot be read, for example because it is corrupt.
  func retrieve() async throws -> CachedFeed?
}
