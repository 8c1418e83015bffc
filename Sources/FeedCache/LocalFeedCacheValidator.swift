import Foundation

/// Deletes a local cache that is stale, seven days old or older, or that cannot be read.
///
/// The validator holds its store as `any FeedCacheRetrieving & FeedCacheDeleting`: it never
/// inserts. It counts days as ``LocalFeedLoader`` does, so a cache the loader would not deliver
/// is exactly a cache the validator deletes.
public struct LocalFeedCacheValidator: Sendable {
  private let store: any FeedCacheRetrieving & FeedCacheDeleting
  private let policy: FeedCachePolicy
  private let currentDate: @Sendable () -> Date

  /// Creates a validator over a cache it can read and empty.
  ///
  /// - Parameters:
  ///   - store: The cache to validate; any ``FeedStore`` will do.
  ///   - calendar: The calendar that counts the cache's age in days; gregorian in UTC by default.
  ///   - currentDate: The clock that says what time it is now; the system clock by default.
  public init(
    store: any FeedCacheRetrieving & FeedCacheDeleting,
    calendar: Calendar = FeedCachePolicy.defaultCalendar,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.policy = FeedCachePolicy(calendar: calendar)
    self.currentDate = currentDate
  }

  /// Deletes the cached feed when it cannot be retrieved or is seven days old or older.
  ///
  /// An empty or fresh cache is left alone. A retrieval error is not rethrown: an unreadable
  /// cache is exactly what validation removes.
  ///
  /// - Throws: The store's error, unchanged, when the deletion fails.
  public func validateCache() async throws {
    let cache: CachedFeed?
    do {
      cache = try await store.retrieve()
    } catch {
      try await store.deleteCachedFeed()
      return
    }
    guard let cache, !policy.isFresh(cache.timestamp, at: currentDate()) else { return }
    try await store.deleteCachedFeed()
  }
}
