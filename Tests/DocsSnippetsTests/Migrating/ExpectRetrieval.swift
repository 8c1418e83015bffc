import FeedStoreSpecs
import Testing

/// Fails at the caller's line, as `XCTAssertEqual(..., file: file, line: line)` did.
func expect(
  _ sut: some FeedStore, toRetrieve expected: CachedFeed?,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let retrieved = try await sut.retrieve()

  #expect(retrieved == expected, sourceLocation: sourceLocation)
}
