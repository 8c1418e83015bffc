import FeedCache

/// A double for a client that only loads: it plays the one role the loader uses.
struct CacheStub: FeedCacheRetrieving {
  let cache: CachedFeed?

  func retrieve() -> CachedFeed? {
    cache
  }
}
