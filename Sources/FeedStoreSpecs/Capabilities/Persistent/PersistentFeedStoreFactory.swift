import ContractSpecs
import FeedCache

/// A factory whose stores keep their cache beyond one instance, as across an app relaunch.
public protocol PersistentFeedStoreFactory: FeedStoreFactory {
  /// Opens a second store over the same storage as `store`.
  ///
  /// - Parameter store: A store this factory made.
  /// - Returns: A new instance that reads and writes what `store` reads and writes.
  /// - Throws: An error when the store cannot be opened; the spec then fails with it.
  func makeStore(sharingStorageWith store: Store) async throws -> Store
}

extension FeedStoreCatalog {
  /// Several instances over one storage: ``PersistentFeedStoreFactory``.
  public static let persistent = Capability<FeedStoreCatalog, any PersistentFeedStoreFactory>(
    "persistent",
    provides: "`makeStore(sharingStorageWith:)`: a second store over the same storage",
    checks: "a second instance sees insertions and deletions; the later insert from either "
      + "wins; writers and readers on two instances never see a mixed feed; operations from "
      + "alternating instances are seen in order; instances opened together over new storage "
      + "all work",
    isProvided: { $0 is any PersistentFeedStoreFactory.Type },
    specs: { persistentSpecs })
}

extension CatalogEntry {
  static let persistent = CatalogEntry(FeedStoreCatalog.persistent)
}

extension FeedStoreCatalog {
  fileprivate static let persistentSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "persistence_secondInstanceSeesInsertion", persistent,
      "A second store opened over the same storage delivers what the first inserted."
    ) { (factory: any PersistentFeedStoreFactory) in
      let first = try await factory.makeEmptyStore()
      let inserted = FeedStoreFixtures.uniqueCachedFeed()

      try await first.insert(inserted, "insert into the first instance")
      let second = try await factory.reopen(first)

      await expectRetrieval(
        from: second, toDeliver: inserted, "from a second instance after the first inserted")
    },
    FeedStoreSpec(
      "persistence_secondInstanceSeesDeletion", persistent,
      "A second store, opened while the first had a cache, sees the first delete it."
    ) { (factory: any PersistentFeedStoreFactory) in
      let first = try await factory.makeStore(holding: FeedStoreFixtures.uniqueCachedFeed())
      let second = try await factory.reopen(first)

      try await first.deleteCachedFeed("delete from the first instance")

      await expectRetrieval(
        from: second, toDeliver: nil, "from a second instance after the first deleted")
    },
    FeedStoreSpec(
      "persistence_laterInsertFromEitherInstanceWins", persistent,
      "Two stores over the same storage both deliver whichever inserted last."
    ) { (factory: any PersistentFeedStoreFactory) in
      let first = try await factory.makeEmptyStore()
      let second = try await factory.reopen(first)
      let fromFirst = FeedStoreFixtures.uniqueCachedFeed()
      let fromSecond = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)
      let fromFirstAgain = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 2)

      try await first.insert(fromFirst, "insert into the first instance")
      try await second.insert(fromSecond, "insert into the second instance")

      await expectRetrieval(
        from: first, toDeliver: fromSecond,
        "from the first instance after the second inserted last")

      try await first.insert(fromFirstAgain, "insert into the first instance again")

      await expectRetrieval(
        from: second, toDeliver: fromFirstAgain,
        "from the second instance after the first inserted last")
    },
    FeedStoreSpec(
      "concurrency_twoInstancesOverOneStorageNeverMixFeeds", persistent,
      "Writers and readers on two stores over one storage: every retrieve delivers one whole feed."
    ) { (factory: any PersistentFeedStoreFactory) in
      let model = FeedStoreModel.concurrentUse(of: factory, sharingStorage: true)

      try await SpecRun.profile.concurrentUse.check(model)
    },
    FeedStoreSpec(
      "concurrency_operationsInSequenceAreObservedInOrderAcrossInstances", persistent,
      "Insert, delete, insert from alternating stores over one storage is seen in order by both."
    ) { (factory: any PersistentFeedStoreFactory) in
      let first = try await factory.makeEmptyStore()
      let second = try await factory.reopen(first)

      await expectOperationsObservedInOrder(
        on: [first, second], rounds: SpecRun.profile.orderingRounds)
    },
    FeedStoreSpec(
      "concurrency_storesOpenedTogetherOverNewStorageAllWork", persistent,
      "Five stores opened at once over new storage all insert and retrieve without an error."
    ) { (factory: any PersistentFeedStoreFactory) in
      for round in 0..<SpecRun.profile.openedTogetherRounds {
        let first = try await factory.makeEmptyStore()
        let others = try await withThrowingTaskGroup(of: (any FeedStore).self) { group in
          for _ in 0..<4 {
            group.addTask { try await factory.reopen(first) }
          }
          return try await group.reduce(into: [any FeedStore]()) { $0.append($1) }
        }

        let passed = await expectFirstUseTogether(of: [first] + others, round: round)

        guard passed else { return }
      }
    },
  ]

  /// Makes every store's first insert and retrieve at the same moment; then every store must
  /// deliver the same one of the inserted feeds.
  ///
  /// - Returns: Whether the stores kept the contract.
  private static func expectFirstUseTogether(of stores: [any FeedStore], round: Int) async -> Bool {
    let feeds = stores.indices.map { index in
      let number = round * stores.count + index
      return CachedFeed(
        feed: FeedStoreFixtures.numberedFeed(number, count: 1 + index),
        timestamp: FeedStoreFixtures.numberedTimestamp(number))
    }
    let errors = await withTaskGroup(of: String?.self) { group in
      for (index, (store, feed)) in zip(stores, feeds).enumerated() {
        group.addTask {
          do {
            try await store.insert(feed, "insert into store \(index + 1) of those opened together")
            _ = try await store.retrieve(
              "retrieve from store \(index + 1) of those opened together")
            return nil
          } catch {
            return "\(error)"
          }
        }
      }
      return await group.compactMap { $0 }.reduce(into: [String]()) { $0.append($1) }
    }
    if let error = errors.first {
      SpecRun.recordFailure(
        "Expected \(stores.count) stores opened together over new storage to insert and "
          + "retrieve at once without an error (round \(round + 1)), but \(errors.count) threw, "
          + "first: \(error)")
      return false
    }
    var agreed: CachedFeed?
    for (index, store) in stores.enumerated() {
      let cache = try? await store.retrieve("retrieve again from store \(index + 1)")
      let isInserted = feeds.contains { CacheComparison.difference(between: $0, and: cache) == nil }
      let isAgreed = agreed.map { CacheComparison.difference(between: $0, and: cache) == nil }
      guard isInserted, isAgreed ?? true else {
        SpecRun.recordFailure(
          "Expected store \(index + 1) of \(stores.count) opened together to deliver "
            + (agreed.map { "the feed the others delivered, \(CacheComparison.describe($0))" }
              ?? "one of the feeds they inserted")
            + " (round \(round + 1)), but it delivered \(CacheComparison.describe(cache))")
        return false
      }
      agreed = cache
    }
    return true
  }
}

extension PersistentFeedStoreFactory {
  /// Opens a second store over the storage of `store`, which this factory made, within the
  /// spec's time limit.
  ///
  /// - Throws: What opening the store throws, or ``ForeignStoreError``.
  func reopen(_ store: any FeedStore) async throws -> Store {
    tracked(
      try await call("makeStore(sharingStorageWith:)", on: store) {
        try await makeStore(sharingStorageWith: $0)
      })
  }
}
