import FeedCache
import Testing

/// Checks that a store whose storage refuses writes throws from `deleteCachedFeed()`.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectDeleteDeliversErrorOnFailure(
  using factory: some FailableDeleteFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, _) = try await makeStoreHoldingUniqueCache(using: factory)
  try await factory.makeDeletionFail(for: sut)

  await expectFailure(of: "delete on a broken store", sourceLocation: sourceLocation) {
    try await sut.deleteCachedFeed()
  }
}

/// Checks that a failed delete on an empty store leaves it empty.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`.
public func expectDeleteHasNoSideEffectsOnEmptyStoreOnFailure(
  using factory: some FailableDeleteFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let sut = try await factory.makeStore()
  try await factory.makeDeletionFail(for: sut)

  let failed = await expectFailure(
    of: "delete on a broken empty store", sourceLocation: sourceLocation
  ) {
    try await sut.deleteCachedFeed()
  }
  guard failed else { return }

  await expectRetrieval(
    from: sut, toDeliver: nil, "after a failed delete on an empty store",
    sourceLocation: sourceLocation)
}

/// Checks that a failed delete keeps the cache the store had before it.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectDeleteKeepsPreviousCacheOnFailure(
  using factory: some FailableDeleteFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, previous) = try await makeStoreHoldingUniqueCache(using: factory)
  try await factory.makeDeletionFail(for: sut)

  let failed = await expectFailure(of: "delete on a broken store", sourceLocation: sourceLocation) {
    try await sut.deleteCachedFeed()
  }
  guard failed else { return }

  await expectRetrieval(
    from: sut, toDeliver: previous, "after a failed delete", sourceLocation: sourceLocation)
}
