import FeedCache
import Testing

/// Checks that deleting from a new store succeeds.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`.
public func expectDeleteSucceedsOnEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()

  await expectSuccess(of: "delete on an empty store", sourceLocation: sourceLocation) {
    try await sut.deleteCachedFeed()
  }
}

/// Checks that deleting from a new store leaves it empty.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the delete.
public func expectDeleteHasNoSideEffectsOnEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()

  try await sut.deleteCachedFeed()

  await expectRetrieval(
    from: sut, toDeliver: nil, "after deleting from an empty store", sourceLocation: sourceLocation)
}

/// Checks that deleting from a store with a cache succeeds.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectDeleteSucceedsOnNonEmptyStore(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, _) = try await makeStoreHoldingUniqueCache(using: factory)

  await expectSuccess(of: "delete on a store with a cache", sourceLocation: sourceLocation) {
    try await sut.deleteCachedFeed()
  }
}

/// Checks that deleting from a store with a cache leaves nothing cached.
///
/// - Parameters:
///   - factory: Makes the store to check.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert and the delete.
public func expectDeleteEmptiesPreviouslyInsertedCache(
  using factory: some FeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, _) = try await makeStoreHoldingUniqueCache(using: factory)

  try await sut.deleteCachedFeed()

  await expectRetrieval(
    from: sut, toDeliver: nil, "after deleting the cache", sourceLocation: sourceLocation)
}
