import FeedCache
import Foundation

extension SQLiteFeedStore: FeedStore {
  /// Removes the cached feed, if any, in one write transaction.
  ///
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be changed, for example
  ///   `SQLITE_BUSY` when another connection holds the write lock past ``busyTimeout``; the cache
  ///   is then left as it was.
  public func deleteCachedFeed() async throws {
    try database.delete()
  }

  /// Replaces the cached feed with `feed`, cached at `timestamp`, in one write transaction.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order; duplicates are kept. An empty array caches an empty
  ///     feed.
  ///   - timestamp: When the feed was cached; stored exactly.
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be changed; the previous cache
  ///   is then left as it was.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try database.insert(feed, timestamp: timestamp)
  }

  /// Delivers the cached feed, read in one transaction so it is never half of a write.
  ///
  /// - Returns: The cached feed, or `nil` when nothing is cached.
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be read, or
  ///   ``SQLiteFeedStoreError/corruptRow(table:row:column:problem:)`` when a stored image does not
  ///   decode (an id that is not a UUID, a URL that does not parse); nothing is changed.
  public func retrieve() async throws -> CachedFeed? {
    try database.retrieve()
  }
}
