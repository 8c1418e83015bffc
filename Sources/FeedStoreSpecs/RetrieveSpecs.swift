import FeedCache
import Testing

/// Checks that a new store delivers `nil`: nothing cached.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`.
public func expectRetrieveDeliversNilOnEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()

  await expectRetrieval(
    from: sut, toDeliver: nil, "on an empty store", sourceLocation: sourceLocation)
}

/// Checks that retrieving from a new store twice delivers `nil` both times.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`.
public func expectRetrieveHasNoSideEffectsOnEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()

  await expectRetrieval(
    from: sut, toDeliver: nil, "on an empty store", sourceLocation: sourceLocation)
  await expectRetrieval(
    from: sut, toDeliver: nil, "a second time on an empty store", sourceLocation: sourceLocation)
}

/// Checks that a store delivers the feed and the exact timestamp it was given.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectRetrieveDeliversInsertedCache(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()
  let inserted = FeedStoreFixtures.uniqueCachedFeed()

  try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

  await expectRetrieval(
    from: sut, toDeliver: inserted, "after an insert", sourceLocation: sourceLocation)
}

/// Checks that a store keeps every field exactly: `nil` apart from empty strings, duplicates,
/// order, awkward characters, and a timestamp that converting through 1970 would change.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectRetrieveDeliversEveryFieldExactly(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()
  let inserted = CachedFeed(
    feed: FeedStoreFixtures.edgeCaseImageFeed(),
    timestamp: FeedStoreFixtures.preciseTimestampNearReferenceDate()
  )

  try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

  await expectRetrieval(
    from: sut, toDeliver: inserted, "after inserting awkward values", sourceLocation: sourceLocation
  )
}

/// Checks that retrieving twice from a store with a cache delivers the same cache both times.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectRetrieveHasNoSideEffectsOnNonEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, inserted) = try await makeStoreHoldingUniqueCache(using: factory)

  await expectRetrieval(
    from: sut, toDeliver: inserted, "after an insert", sourceLocation: sourceLocation)
  await expectRetrieval(
    from: sut, toDeliver: inserted, "a second time after an insert", sourceLocation: sourceLocation)
}
