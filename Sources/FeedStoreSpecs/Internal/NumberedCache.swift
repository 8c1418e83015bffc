import FeedCache

/// A cache of the fixtures' numbered feeds and timestamps, as the model and printed steps name it.
struct NumberedCache: Hashable {
  let feed: Int
  let count: Int
  let timestamp: Int

  var cache: CachedFeed {
    CachedFeed(
      feed: FeedStoreFixtures.numberedFeed(feed, count: count),
      timestamp: FeedStoreFixtures.numberedTimestamp(timestamp))
  }

  /// The cache as Swift: `numberedFeed(3, count: 2) at numberedTimestamp(1)`.
  var code: String {
    "numberedFeed(\(feed), count: \(count)) at numberedTimestamp(\(timestamp))"
  }
}
