import ContractSpecs
import FeedCache

/// Runs rounds of insert A, delete, insert B (then B must be cached) and delete (then nothing
/// may be), each operation on the next of `stores` in turn, every retrieve from each of them,
/// recording the first way the stores break the order of operations.
///
/// - Parameters:
///   - stores: One store, or several over the same storage.
///   - rounds: How many rounds to run.
func expectOperationsObservedInOrder(on stores: [any FeedStore], rounds: Int) async {
  var turn = 0
  func next() -> any FeedStore {
    defer { turn += 1 }
    return stores[turn % stores.count]
  }
  for round in 0..<rounds {
    let (a, b) = (2 * round, 2 * round + 1)
    let latest = CachedFeed(
      feed: FeedStoreFixtures.numberedFeed(b, count: 1 + round % 3),
      timestamp: FeedStoreFixtures.numberedTimestamp(b))
    let wrote = await SpecRun.expectSuccess(of: "insert, delete, insert") {
      try await next().insert(
        FeedStoreFixtures.numberedFeed(a, count: 2),
        timestamp: FeedStoreFixtures.numberedTimestamp(a))
      try await next().deleteCachedFeed()
      try await next().insert(latest.feed, timestamp: latest.timestamp)
    }
    guard wrote else { return }
    for (index, store) in stores.enumerated() {
      let delivered = await expectRetrieval(
        from: store, toDeliver: latest,
        "from instance \(index + 1) after insert A, delete, insert B (round \(round + 1))")
      guard delivered else { return }
    }
    let deleted = await SpecRun.expectSuccess(of: "delete after an insert") {
      try await next().deleteCachedFeed()
    }
    guard deleted else { return }
    for (index, store) in stores.enumerated() {
      let delivered = await expectRetrieval(
        from: store, toDeliver: nil,
        "from instance \(index + 1) after insert then delete (round \(round + 1))")
      guard delivered else { return }
    }
  }
}
