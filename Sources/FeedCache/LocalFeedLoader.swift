import Foundation

/// Loads the feed from a local cache when the cache is fresh: younger than seven days.
///
/// The loader only reads: it holds its store as `any FeedCacheRetrieving`, so its store offers it
/// no insert and no delete, and a test double for it implements ``FeedCacheRetrieving/retrieve()``
/// alone. Deleting
/// a stale cache is ``LocalFeedCacheValidator``'s job, and saving is ``LocalFeedSaver``'s.
///
/// Days are counted with the calendar it is given: by default the gregorian calendar in UTC, so
/// the max age is exactly 7 × 24 hours wherever the device is. Pass `Calendar.current` to count
/// the user's local days instead (a week across a daylight saving change is then 167 or 169 hours).
public struct LocalFeedLoader: Sendable {
  private let store: any FeedCacheRetrieving
  private let policy: FeedCachePolicy
  private let currentDate: @Sendable () -> Date

  /// Creates a loader over a cache it can only read.
  ///
  /// - Parameters:
  ///   - store: The cache to read; any ``FeedStore`` will do.
  ///   - calendar: The calendar that counts the cache's age in days; gregorian in UTC by default.
  ///   - currentDate: The clock that says what time it is now; the system clock by default.
  public init(
    store: any FeedCacheRetrieving,
    calendar: Calendar = FeedCachePolicy.defaultCalendar,
    currentDate: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.policy = FeedCachePolicy(calendar: calendar)
    self.currentDate = currentDate
  }

  /// Delivers the cached images when the cache is younger than seven days.
  ///
  /// Loading never changes the cache, whatever it finds.
  ///
  /// - Returns: The cached images, in order; an empty array when nothing is cached or the cache
  ///   is seven days old or older.
  /// - Throws: The store's error, unchanged, when the cache cannot be retrieved.
  public func load() async throws -> [LocalFeedImage] {
    guard let cache = try await store.retrieve(), policy.isFresh(cache.timestamp, at: currentDate())
    else { return [] }
    return cache.feed
  }
}
