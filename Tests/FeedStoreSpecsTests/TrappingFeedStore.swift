import FeedCache
import Foundation

/// An in-memory store that keeps the contract, and tells `reach` each operation it starts: a
/// store whose `reach` traps is a store with a `try!` in that operation.
actor TrappingFeedStore: FeedStore {
  private var cache: CachedFeed?
  private let reach: @Sendable (FeedStoreOperation) -> Void

  init(reach: @escaping @Sendable (FeedStoreOperation) -> Void) {
    self.reach = reach
  }

  func retrieve() -> CachedFeed? {
    reach(.retrieve)
    return cache
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) {
    reach(.insert)
    cache = CachedFeed(feed: feed, timestamp: timestamp)
  }

  func deleteCachedFeed() {
    reach(.delete)
    cache = nil
  }
}

/// An operation of `FeedStore`.
enum FeedStoreOperation: String, Codable, Sendable {
  case retrieve, insert, delete
}
