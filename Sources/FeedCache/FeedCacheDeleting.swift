/// The role of a cache that can be emptied.
///
/// ``FeedStore`` composes this role with ``FeedCacheRetrieving`` and ``FeedCacheInserting``, so
/// every store plays it.
public protocol FeedCacheDeleting: Sendable {
  /// Removes the cached feed, if any.
  ///
  /// - Throws: An error when the store cannot be changed; the cache is then left as it was.
  func deleteCachedFeed() async throws
}
