import FeedCache
import Testing

/// Checks that a store whose storage refuses writes throws from `insert(_:timestamp:)`.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`.
public func expectInsertDeliversErrorOnFailure(
  using factory: some FailableInsertFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()
  try await factory.makeInsertionFail(for: sut)

  await expectFailure(of: "insert into a broken store", sourceLocation: sourceLocation) {
    try await sut.insert(
      FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
  }
}

/// Checks that a failed insert into an empty store leaves it empty.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`.
public func expectInsertHasNoSideEffectsOnEmptyStoreOnFailure(
  using factory: some FailableInsertFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()
  try await factory.makeInsertionFail(for: sut)

  let failed = await expectFailure(of: "insert into a broken store", sourceLocation: sourceLocation)
  {
    try await sut.insert(
      FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
  }
  guard failed else { return }

  await expectRetrieval(
    from: sut, toDeliver: nil, "after a failed insert into an empty store",
    sourceLocation: sourceLocation)
}

/// Checks that a failed insert keeps the cache the store had before it.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectInsertKeepsPreviousCacheOnFailure(
  using factory: some FailableInsertFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, previous) = try await makeStoreHoldingUniqueCache(using: factory)
  try await factory.makeInsertionFail(for: sut)

  let failed = await expectFailure(of: "insert into a broken store", sourceLocation: sourceLocation)
  {
    try await sut.insert(
      FeedStoreFixtures.uniqueImageFeed(),
      timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))
  }
  guard failed else { return }

  await expectRetrieval(
    from: sut, toDeliver: previous, "after a failed insert", sourceLocation: sourceLocation)
}
