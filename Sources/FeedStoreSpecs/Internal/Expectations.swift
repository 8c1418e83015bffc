import ContractSpecs
import FeedCache

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
/// - Returns: Whether the store delivered `expected` exactly.
@discardableResult
func expectRetrieval(
  from store: any FeedStore, toDeliver expected: CachedFeed?, _ situation: String
) async -> Bool {
  let expectation =
    "Expected retrieve \(situation) to deliver \(CacheComparison.describe(expected))"
  let retrieved: CachedFeed?
  do {
    retrieved = try await store.retrieve("retrieve \(situation)")
  } catch {
    SpecRun.recordFailure("\(expectation), but it threw: \(error)")
    return false
  }
  guard let difference = CacheComparison.difference(between: expected, and: retrieved) else {
    return true
  }
  SpecRun.recordFailure(
    "\(expectation), but \(difference)",
    likelyCause: CacheComparison.likelyCause(between: expected, and: retrieved))
  if (expected?.feed.count ?? 0) + (retrieved?.feed.count ?? 0) <= attachmentImageLimit {
    CacheAttachment.record(expected: expected, retrieved: retrieved)
  }
  return false
}
