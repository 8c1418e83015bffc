import Foundation

/// A cache that holds at most one feed of images with the time it was cached.
///
/// Requirements are `async` so that actors, locked classes and synchronous stores can all conform.
/// Every implementation keeps the same contract, which the `FeedStoreSpecs` library checks:
///
/// - ``retrieve()`` delivers `nil` when nothing is cached, and exactly what was last inserted otherwise:
///   the same images in the same order, field for field, and the same timestamp to the bit.
/// - ``insert(_:timestamp:)`` replaces the whole cached feed; inserting `[]` caches an empty feed.
/// - ``deleteCachedFeed()`` empties the cache; deleting an empty cache is not an error.
/// - A call that throws leaves the cache as it was.
public protocol FeedStore: Sendable {
  /// Removes the cached feed, if any.
  ///
  /// - Throws: An error when the store cannot be changed; the cache is then left as it was.
  func deleteCachedFeed() async throws

  /// Replaces the cached feed with `feed`, cached at `timestamp`.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order. An empty array caches an empty feed.
  ///   - timestamp: When the feed was cached.
  /// - Throws: An error when the store cannot be changed; the previous cache is then left as it was.
  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws

  /// Delivers the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when nothing is cached.
  /// - Throws: An error when the stored cache cannot be read, for example because it is corrupt.
  func retrieve() async throws -> CachedFeed?
}
