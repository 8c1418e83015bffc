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
  if let failure = outcome.failure(
    in: RegisterVocabulary(write: "insert", read: "retrieve", value: "feed", nothing: "nil"))
  {
    SpecRun.recordFailure(failure)
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
