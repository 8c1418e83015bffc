import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let isolationSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "isolation_storesFromTwoMakeStoreCallsShareNothing", core,
      "Two stores from two makeStore() calls never see each other's inserts or deletes."
    ) { (factory: any FeedStoreFactory) in
      let first = try await factory.makeEmptyStore()
      let second = try await factory.makeEmptyStore()
      let inFirst = FeedStoreFixtures.uniqueCachedFeed()
      let inSecond = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)

      try await first.insert(inFirst, "insert into the first store")
      let secondIsStillEmpty = await expectRetrieval(
        from: second, toDeliver: nil, "from a second store after an insert into the first")
      guard secondIsStillEmpty else { return }
      try await second.insert(inSecond, "insert into the second store")
      let firstKeptItsCache = await expectRetrieval(
        from: first, toDeliver: inFirst, "from the first store after an insert into the second")
      guard firstKeptItsCache else { return }
      try await second.deleteCachedFeed("delete from the second store")

      await expectRetrieval(
        from: first, toDeliver: inFirst, "from the first store after a delete from the second")
    }
  ]
}
