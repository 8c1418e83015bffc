import Foundation

/// Saves a feed to a local cache, replacing whatever it held, stamped with the current date.
///
/// The saver holds its store as `any FeedCacheDeleting & FeedCacheInserting`: it never reads the
/// cache, and a test double for it implements deletion and insertion alone.
public struct LocalFeedSaver: Sendable {
  private let store: any FeedCacheDeleting & FeedCacheInserting
  private let currentDate: @Sendable () -> Date

  /// Creates a saver over a cache it can empty and fill.
  ///
  /// - Parameters:
  ///   - store: The cache to write; any ``FeedStore`` will do.
  ///   - currentDate: The clock that stamps each saved feed; the system clock by default.
  public init(
    store: any FeedCacheDeleting & FeedCacheInserting,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.currentDate = currentDate
  }

  /// Deletes the cached feed, then caches `feed` with the current date.
  ///
  /// When the deletion fails, nothing is inserted.
  ///
  /// - Parameter feed: The images to cache, in order.
  /// - Throws: The store's error, unchanged, when the deletion or the insertion fails.
  public func save(_ feed: [LocalFeedImage]) async throws {
    try await store.deleteCachedFeed()
    try await store.insert(feed, timestamp: currentDate())
  }
}
