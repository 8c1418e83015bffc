import FeedCache
import Testing

/// Checks that a second store opened over the same storage delivers what the first inserted.
///
/// - Parameters:
///   - factory: Makes the stores to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectSecondInstanceSeesInsertion(
  using factory: some PersistentFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let first = try await factory.makeStore()
  let inserted = FeedStoreFixtures.uniqueCachedFeed()

  try await first.insert(inserted.feed, timestamp: inserted.timestamp)
  let second = try await factory.makeStore(sharingStorageWith: first)

  await expectRetrieval(
    from: second, toDeliver: inserted, "from a second instance after the first inserted",
    sourceLocation: sourceLocation)
}

/// Checks that a second store, opened while the first had a cache, sees the first delete it.
///
/// - Parameters:
///   - factory: Makes the stores to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert and the delete.
public func expectSecondInstanceSeesDeletion(
  using factory: some PersistentFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (first, _) = try await makeStoreHoldingUniqueCache(using: factory)
  let second = try await factory.makeStore(sharingStorageWith: first)

  try await first.deleteCachedFeed()

  await expectRetrieval(
    from: second, toDeliver: nil, "from a second instance after the first deleted",
    sourceLocation: sourceLocation)
}

/// Checks that two stores over the same storage both deliver whichever inserted last.
///
/// - Parameters:
///   - factory: Makes the stores to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the inserts.
public func expectLaterInsertFromEitherInstanceWins(
  using factory: some PersistentFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let first = try await factory.makeStore()
  let second = try await factory.makeStore(sharingStorageWith: first)
  let fromFirst = FeedStoreFixtures.uniqueCachedFeed()
  let fromSecond = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)
  let fromFirstAgain = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 2)

  try await first.insert(fromFirst.feed, timestamp: fromFirst.timestamp)
  try await second.insert(fromSecond.feed, timestamp: fromSecond.timestamp)

  await expectRetrieval(
    from: first, toDeliver: fromSecond, "from the first instance after the second inserted last",
    sourceLocation: sourceLocation)

  try await first.insert(fromFirstAgain.feed, timestamp: fromFirstAgain.timestamp)

  await expectRetrieval(
    from: second, toDeliver: fromFirstAgain,
    "from the second instance after the first inserted last",
    sourceLocation: sourceLocation)
}
