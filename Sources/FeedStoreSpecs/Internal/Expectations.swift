import FeedCache
import Testing

/// Runs `operation`, recording an issue at `sourceLocation` when it throws.
func expectSuccess(
  of action: String,
  sourceLocation: SourceLocation,
  _ operation: () async throws -> Void
) async {
  do {
    try await operation()
  } catch {
    Issue.record(
      "Expected \(action) to succeed, but it threw: \(error)", sourceLocation: sourceLocation)
  }
}

/// Runs `operation`, recording an issue at `sourceLocation` when it does not throw.
///
/// - Returns: Whether it threw, so a spec can stop before checking the side effects of a
///   failure that never happened.
@discardableResult
func expectFailure(
  of action: String,
  sourceLocation: SourceLocation,
  _ operation: () async throws -> Void
) async -> Bool {
  do {
    try await operation()
  } catch {
    return true
  }
  Issue.record("Expected \(action) to throw, but it succeeded", sourceLocation: sourceLocation)
  return false
}

/// Retrieves from `store`, recording an issue at `sourceLocation` unless it delivers `expected`.
func expectRetrieval(
  from store: some FeedStore,
  toDeliver expected: CachedFeed?,
  _ situation: String,
  sourceLocation: SourceLocation
) async {
  do {
    let retrieved = try await store.retrieve()
    #expect(
      retrieved == expected,
      "Expected retrieve \(situation) to deliver \(describe(expected)), \(mismatch(between: expected, and: retrieved))",
      sourceLocation: sourceLocation
    )
  } catch {
    Issue.record(
      "Expected retrieve \(situation) to deliver \(describe(expected)), but it threw: \(error)",
      sourceLocation: sourceLocation
    )
  }
}
