/// A cache that holds at most one feed of images with the time it was cached.
///
/// Requirements are `async` so that actors, locked classes and synchronous stores can all conform.
/// They come from three roles, ``FeedCacheRetrieving``, ``FeedCacheInserting`` and
/// ``FeedCacheDeleting``, so that a client can depend on only the operations it calls. Every
/// implementation keeps the same contract, which the `FeedStoreSpecs` library checks:
///
/// - ``FeedCacheRetrieving/retrieve()`` delivers `nil` when nothing is cached, and exactly what
///   was last inserted otherwise: the same images in the same order, field for field (text
///   Unicode scalar for scalar, not merely canonically equal), and the same timestamp to the bit
///   (`-0.0`, subnormal values and fractions below the microsecond included). Retrieving changes
///   nothing.
/// - A retrieved URL is the URL that was inserted, or, for a URL relative to a base, the absolute
///   URL it resolves to, `URL(string: url.absoluteString)`: a store may keep a URL as given or as
///   its `absoluteString`. A URL without a base comes back equal to itself, text for text.
/// - ``FeedCacheInserting/insert(_:timestamp:)`` replaces the whole cached feed; inserting `[]`
///   caches an empty feed. It takes feeds of any size, any text and any finite timestamp. A value
///   the store cannot deliver back exactly, such as a NaN timestamp or a URL that `URL(string:)`
///   cannot read from its `absoluteString`, is either kept exactly or refused with a thrown error
///   before anything is written.
/// - ``FeedCacheDeleting/deleteCachedFeed()`` empties the cache; deleting an empty cache is not an
///   error.
/// - On working storage every call succeeds. A call that throws leaves the cache as it was.
/// - Every instance over one storage sees the same cache. Calls from many tasks at once each take
///   effect whole: a retrieve delivers `nil` or one inserted feed, never a mix, and calls made one
///   after another are observed in that order.
/// - A durable store killed in the middle of an insert delivers, once reopened, the old cache or
///   the new one, whole.
/// - Damaged storage: opening a store never throws for it and never writes. `retrieve()` throws,
///   never delivers `nil` or part of a feed, and leaves the bytes as they were. `insert` either
///   replaces the damaged storage (afterwards `retrieve()` delivers exactly the new feed) or
///   throws leaving it untouched, and `deleteCachedFeed()` either removes it or throws leaving it
///   untouched; storage that is not the store's own (a newer format version, another
///   application's data, a directory) is always refused, never overwritten or removed.
///
/// Beyond the contract, the specs also check two recommendations, marked as such, that a store
/// may knowingly not follow: an error about damaged storage names the storage and says what is
/// wrong, and what a killed insert left beside the storage is removed by the next insert or
/// delete.
public protocol FeedStore: FeedCacheRetrieving, FeedCacheInserting, FeedCacheDeleting {}
