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

/// Retrieves from `store`, recording one focused issue at `sourceLocation` unless it delivers
/// `expected`, with both caches attached in full.
func expectRetrieval(
  from store: any FeedStore,
  toDeliver expected: CachedFeed?,
  _ situation: String,
  sourceLocation: SourceLocation
) async {
  let expectation = "Expected retrieve \(situation) to deliver \(FailureMessage.describe(expected))"
  let retrieved: CachedFeed?
  do {
    retrieved = try await store.retrieve()
  } catch {
    Issue.record("\(expectation), but it threw: \(error)", sourceLocation: sourceLocation)
    return
  }
  guard let difference = FailureMessage.difference(between: expected, and: retrieved) else {
    return
  }
  Issue.record("\(expectation), but \(difference)", sourceLocation: sourceLocation)
  CacheAttachment.record(expected: expected, retrieved: retrieved, sourceLocation: sourceLocation)
}
