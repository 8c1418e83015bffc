import FeedCache
import Testing

/// Checks that a store whose storage is broken throws from `retrieve()`, rather than
/// delivering `nil` or a partial feed.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectRetrieveDeliversErrorOnFailure(
  using factory: some FailableRetrieveFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, _) = try await makeStoreHoldingUniqueCache(using: factory)
  try await factory.makeRetrievalFail(for: sut)

  await expectFailure(of: "retrieve from a broken store", sourceLocation: sourceLocation) {
    _ = try await sut.retrieve()
  }
}

/// Checks that a failed retrieval changes nothing: retrieving again fails again, instead of
/// the store discarding what it could not read.
///
/// - Parameters:
///   - factory: Makes the store to check and breaks its storage.
///   - sourceLocation: Where failures are reported; the caller's line by default.
/// - Throws: An error from `factory`, or from the insert that sets up the cache.
public func expectRetrieveHasNoSideEffectsOnFailure(
  using factory: some FailableRetrieveFeedStoreFactory,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let (sut, _) = try await makeStoreHoldingUniqueCache(using: factory)
  try await factory.makeRetrievalFail(for: sut)

  let failed = await expectFailure(
    of: "retrieve from a broken store", sourceLocation: sourceLocation
  ) {
    _ = try await sut.retrieve()
  }
  guard failed else { return }

  await expectFailure(of: "a second retrieve from a broken store", sourceLocation: sourceLocation) {
    _ = try await sut.retrieve()
  }
}
