/// A cache that holds at most one feed of images with the time it was cached.
///
/// Requirements are `async` so that actors, locked classes and synchronous stores can all conform.
/// They come from three roles, ``FeedCacheRetrieving``, ``FeedCacheInserting`` and
/// ``FeedCacheDeleting``, so that a client can depend on only the operations it calls. Every
/// implementation keeps the same contract, which the `FeedStoreSpecs` library checks:
///
/// - ``FeedCacheRetrieving/retrieve()`` delivers `nil` when nothing is cached, and exactly what
///   was last inserted otherwise: the same images in the same order, field for field, and the
///   same timestamp to the bit.
/// - ``FeedCacheInserting/insert(_:timestamp:)`` replaces the whole cached feed; inserting `[]`
///   caches an empty feed.
/// - ``FeedCacheDeleting/deleteCachedFeed()`` empties the cache; deleting an empty cache is not an
///   error.
/// - A call that throws leaves the cache as it was.
public protocol FeedStore: FeedCacheRetrieving, FeedCacheInserting, FeedCacheDeleting {}
