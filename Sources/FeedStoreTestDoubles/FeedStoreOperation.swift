/// One of the three operations of a `FeedStore`.
public enum FeedStoreOperation: CaseIterable, Hashable, Sendable {
  /// `retrieve()`.
  case retrieve
  /// `insert(_:timestamp:)`.
  case insert
  /// `deleteCachedFeed()`.
  case deleteCachedFeed
}
