import ContractSpecs
import FeedCache

/// Runs the profile's concurrent writers and readers over `stores` (round robin) with the
/// engine's ``ConcurrentRegisterCheck``, each value a numbered feed, and records the first way
/// the retrieves break the contract.
///
/// Feed sizes spread from 1 to 1,000 images, most small, so the run stays fast while a store that
/// writes large feeds in pieces is caught.
func expectConcurrentUseKeepsTheContract(on stores: [any FeedStore]) async {
  let check = SpecRun.profile.concurrentUse
  let feeds = check.values.map { number in
    CachedFeed(
      feed: FeedStoreFixtures.numberedFeed(number, count: imageCount(ofFeed: number)),
      timestamp: FeedStoreFixtures.numberedTimestamp(number))
  }
  let numberByTimestamp = Dictionary(
    uniqueKeysWithValues: feeds.enumerated().map { ($1.timestamp.bits, $0) })
  let outcome = await check.run(instances: stores.count) { instance, number in
    try await stores[instance].insert(feeds[number], "insert of feed \(number)")
  } read: { instance in
    let cache = try await stores[instance].retrieve("retrieve during concurrent inserts")
    guard let cache else { return .empty }
    guard let number = numberByTimestamp[cache.timestamp.bits] else {
      return .unrecognized(
        "one delivered \(CacheComparison.describe(cache)), a timestamp no insert used")
    }
    if let difference = CacheComparison.difference(between: feeds[number], and: cache) {
      return .unrecognized("one delivered a mix: feed \(number)'s timestamp, but \(difference)")
    }
    return .value(number)
  }
  if let first = outcome.violations.first {
    let more = outcome.violations.count > 1 ? " (and \(outcome.violations.count - 1) more)" : ""
    SpecRun.recordFailure(
      "Expected every retrieve during \(feeds.count) concurrent inserts to deliver nil or one "
        + "inserted feed, whole and not yet replaced, but \(describe(first))\(more)")
  } else if let disagreement = outcome.disagreement {
    SpecRun.recordFailure(describe(disagreement, lastInserts: outcome.lastWrites))
  }
}

/// 1,000, 500 and 100 images for three feeds in every fifty, 1 to 20 for the rest.
func imageCount(ofFeed number: Int) -> Int {
  switch number % 50 {
  case 0: 1_000
  case 17: 500
  case 34: 100
  default: 1 + (number * 37) % 20
  }
}

private func describe(_ violation: RegisterViolation) -> String {
  switch violation {
  case .writeThrew(let number, let error): "inserting feed \(number) threw: \(error)"
  case .readThrew(let error): "a retrieve threw: \(error)"
  case .unrecognizedRead(let description): description
  case .emptyAfterWrite(let number):
    "one delivered nil although the insert of feed \(number) had completed before it was issued"
  case .staleRead(let number):
    "one delivered feed \(number), which an insert issued after it completed had replaced "
      + "before the retrieve was issued (a stale read)"
  }
}

private func describe(_ disagreement: RegisterDisagreement, lastInserts: Set<Int>) -> String {
  func situation(_ instance: Int, _ attempt: Int) -> String {
    "\(attempt == 1 ? "" : "again ")from instance \(instance + 1) after all writers finished"
  }
  switch disagreement {
  case .readThrew(let instance, let attempt, let error):
    return "Expected retrieve \(situation(instance, attempt)) to deliver a feed, but it threw: "
      + error
  case .notALastWrite(let instance, let attempt, let delivered):
    let names = lastInserts.sorted().map(String.init).joined(separator: ", ")
    let what =
      switch delivered {
      case .empty: "nil (nothing cached)"
      case .value(let number): "feed \(number)"
      case .unrecognized(let description): description
      }
    return "Expected retrieve \(situation(instance, attempt)) to deliver the feed of one of the "
      + "last inserts to complete (feeds \(names)), but it delivered \(what)"
  case .changed(let instance, let attempt, let from, let to):
    return "Expected retrieve \(situation(instance, attempt)) to deliver feed \(from), as every "
      + "retrieve before it did, but it delivered feed \(to)"
  }
}
