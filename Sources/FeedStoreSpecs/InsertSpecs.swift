import FeedCache
import Testing

/// Checks that inserting into a new store succeeds.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`.
public func expectInsertSucceedsOnEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()

  await expectSuccess(of: "insert into an empty store", sourceLocation: sourceLocation) {
    try await sut.insert(
      FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
  }
}

/// Checks that inserting into a store that already has a cache succeeds.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectInsertSucceedsOnNonEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, _) = try await makeStoreHoldingUniqueCache(using: factory)

  await expectSuccess(of: "insert into a store with a cache", sourceLocation: sourceLocation) {
    try await sut.insert(
      FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
  }
}

/// Checks that an insert replaces the whole previous cache, images and timestamp.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the inserts.
public func expectInsertOverridesPreviouslyInsertedCache(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()
  try await sut.insert(
    FeedStoreFixtures.uniqueImageFeed(count: 4), timestamp: FeedStoreFixtures.preciseTimestamp())
  let latest = CachedFeed(
    feed: FeedStoreFixtures.uniqueImageFeed(count: 2),
    timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1.5)
  )

  try await sut.insert(latest.feed, timestamp: latest.timestamp)

  await expectRetrieval(
    from: sut, toDeliver: latest, "after a second insert", sourceLocation: sourceLocation)
}

/// Checks that inserting an empty feed caches an empty feed, which is not `nil`.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert.
public func expectInsertCachesEmptyFeedAsEmptyCache(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()
  let empty = CachedFeed(feed: [], timestamp: FeedStoreFixtures.preciseTimestamp())

  try await sut.insert(empty.feed, timestamp: empty.timestamp)

  await expectRetrieval(
    from: sut, toDeliver: empty, "after inserting an empty feed", sourceLocation: sourceLocation)
}
