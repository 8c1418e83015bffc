import FeedCache
import Testing

/// Runs `operation`, recording a failure of the running spec when it throws.
///
/// - Returns: Whether it succeeded.
@discardableResult
func expectSuccess(of action: String, _ operation: () async throws -> Void) async -> Bool {
  do {
    try await operation()
    return true
  } catch {
    recordFailure("Expected \(action) to succeed, but it threw: \(error)")
    return false
  }
}

/// Runs `operation`, recording a failure of the running spec when it does not throw.
///
/// - Returns: Whether it threw, so a spec can stop before checking the side effects of a
///   failure that never happened.
@discardableResult
func expectFailure(of action: String, _ operation: () async throws -> Void) async -> Bool {
  do {
    try await operation()
  } catch {
    return true
  }
  recordFailure("Expected \(action) to throw, but it succeeded")
  return false
}

/// The most images, both caches together, that a failure attaches as JSON: encoding a feed of
/// 100,000 images takes seconds, and the message already names the difference.
let attachmentImageLimit = 20_000

/// Retrieves from `store`, recording one failure of the running spec unless it delivers
/// `expected` exactly (``CacheComparison``), with both caches attached in full.
///
/// - Parameters:
///   - store: The store to retrieve from.
///   - expected: What it must deliver.
///   - situation: When the retrieve happens, as the message says it: "after an insert".
///   - timeLimit: How long the retrieve may take before it counts as hung, for stores on
///     damaged storage; `nil` waits as long as it takes.
/// - Returns: Whether the store delivered `expected` exactly.
@discardableResult
func expectRetrieval(
  from store: any FeedStore,
  toDeliver expected: CachedFeed?,
  _ situation: String,
  timeLimit: Duration? = nil
) async -> Bool {
  let expectation =
    "Expected retrieve \(situation) to deliver \(CacheComparison.describe(expected))"
  let retrieval: TimedOutcome<CachedFeed?> =
    if let timeLimit {
      await outcome(within: timeLimit) { try await store.retrieve() }
    } else {
      await TimedOutcome { try await store.retrieve() }
    }
  switch retrieval {
  case .returned(let retrieved):
    guard let difference = CacheComparison.difference(between: expected, and: retrieved) else {
      return true
    }
    recordFailure("\(expectation), but \(difference)")
    if (expected?.feed.count ?? 0) + (retrieved?.feed.count ?? 0) <= attachmentImageLimit {
      CacheAttachment.record(expected: expected, retrieved: retrieved)
    }
  case .threw(let error):
    recordFailure("\(expectation), but it threw: \(error)")
  case .timedOut(let limit):
    recordFailure("\(expectation), but it had not returned after \(limit)")
  }
  return false
}
