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
/// - A URL is kept as its `absoluteString`: a retrieved URL equals
///   `URL(string: original.absoluteString)`, so a URL relative to a base comes back absolute,
///   without the base. A URL without a base comes back equal to itself.
/// - ``FeedCacheInserting/insert(_:timestamp:)`` replaces the whole cached feed; inserting `[]`
///   caches an empty feed. A value the store cannot deliver back exactly, such as a NaN
///   timestamp or a URL that `URL(string:)` cannot read from its `absoluteString`, is either kept
///   exactly or refused with a thrown error before anything is written.
/// - ``FeedCacheDeleting/deleteCachedFeed()`` empties the cache; deleting an empty cache is not an
///   error.
/// - A call that throws leaves the cache as it was.
/// - Every instance over one storage sees the same cache. Calls from many tasks at once each take
///   effect whole: a retrieve delivers `nil` or one inserted feed, never a mix, and calls made one
///   after another are observed in that order.
/// - Damaged storage: opening a store never throws for it and never writes. `retrieve()` throws
///   an error that names the storage and says what is wrong, never delivers `nil` or part of a
///   feed, and leaves the bytes as they were. `insert` either replaces the damaged storage
///   (afterwards `retrieve()` delivers exactly the new feed) or throws leaving it untouched, and
///   `deleteCachedFeed()` either removes it or throws leaving it untouched; storage that is not
///   the store's own (a newer format version, another application's data, a directory) is always
///   refused, never overwritten or removed.
public protocol FeedStore: FeedCacheRetrieving, FeedCacheInserting, FeedCacheDeleting {}
