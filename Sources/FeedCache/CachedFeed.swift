import Foundation

/// A feed as a ``FeedStore`` delivers it: the images and when they were cached.
///
/// An empty feed is still a cache: `CachedFeed(feed: [], timestamp: date)` is not "nothing cached".
/// It is `Codable`, with its property names as keys (`feed`, `timestamp`), as ``LocalFeedImage``
/// is; its timestamp encodes as the encoder's date strategy says.
public struct CachedFeed: Hashable, Sendable, Codable {
  /// The cached images, in the order they were inserted.
  public let feed: [LocalFeedImage]
  /// When the feed was cached.
  public let timestamp: Date

  /// Creates a cached feed.
  ///
  /// - Parameters:
  ///   - feed: The cached images, in order.
  ///   - timestamp: When the feed was cached.
  public init(feed: [LocalFeedImage], timestamp: Date) {
    self.feed = feed
    self.timestamp = timestamp
  }
}
