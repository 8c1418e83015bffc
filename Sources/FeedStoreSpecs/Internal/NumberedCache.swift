import FeedCache

/// A cache of the fixtures' numbered feeds and timestamps, as the model names it: small and
/// hashable, where the cache it stands for holds up to thousands of images.
struct NumberedCache: Hashable {
  /// The feed's number; 0 for an empty feed, which every number spells the same.
  let feed: Int
  let count: Int
  let timestamp: Int

  init(feed: Int, count: Int, timestamp: Int) {
    self.feed = count == 0 ? 0 : feed
    self.count = count
    self.timestamp = timestamp
  }

  /// The cache it stands for.
  var cache: CachedFeed {
    CachedFeed(
      feed: FeedStoreFixtures.numberedFeed(feed, count: count),
      timestamp: FeedStoreFixtures.numberedTimestamp(timestamp))
  }

  /// The numbered cache that `cache` is exactly, if it is one: its timestamp is a numbered one,
  /// to the bit, and its images are those of the feed its first image's id names.
  init?(exactly cache: CachedFeed) {
    let offset = cache.timestamp.timeIntervalSince(FeedStoreFixtures.numberedTimestamp(0))
    guard offset.isFinite, abs(offset) < 1_000_000 else { return nil }
    let timestamp = Int(offset.rounded())
    let feed = cache.feed.first.map { image in
      withUnsafeBytes(of: image.id.uuid) { bytes in
        bytes.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
      }
    }
    self.init(
      feed: Int(truncatingIfNeeded: feed ?? 0), count: cache.feed.count, timestamp: timestamp)
    guard cache.timestamp.bits == FeedStoreFixtures.numberedTimestamp(timestamp).bits,
      cache.feed.indices.allSatisfy({ index in
        FeedStoreFixtures.isNumberedImage(cache.feed[index], feed: self.feed, index: index)
      })
    else { return nil }
  }
}
