import FeedCache
import Testing

extension FeedStoreSpec {
  static let concurrencySpecs: [FeedStoreSpec] = [
    core(
      "concurrency_concurrentInsertsAndRetrievesNeverMixFeeds",
      "8 writers and 4 readers at once: every retrieve delivers nil or one inserted feed, whole."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()

      await ConcurrentUse().run(on: [sut], sourceLocation: sourceLocation)
    },
    core(
      "concurrency_operationsInSequenceAreObservedInOrder",
      "Insert, delete, insert delivers the last insert, and insert then delete delivers nil."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()

      await expectOperationsObservedInOrder(on: [sut], sourceLocation: sourceLocation)
    },
    overOneStorage(
      "concurrency_twoInstancesOverOneStorageNeverMixFeeds",
      "Writers and readers on two stores over one storage: every retrieve delivers one whole feed."
    ) { factory, sourceLocation in
      let first = try await factory.makeStore()
      let second = try await factory.reopen(first)

      await ConcurrentUse().run(on: [first, second], sourceLocation: sourceLocation)
    },
    overOneStorage(
      "concurrency_operationsInSequenceAreObservedInOrderAcrossInstances",
      "Insert, delete, insert from alternating stores over one storage is seen in order by both."
    ) { factory, sourceLocation in
      let first = try await factory.makeStore()
      let second = try await factory.reopen(first)

      await expectOperationsObservedInOrder(on: [first, second], sourceLocation: sourceLocation)
    },
    overOneStorage(
      "concurrency_storesOpenedTogetherOverNewStorageAllWork",
      "Five stores opened at once over new storage all insert and retrieve without an error."
    ) { factory, sourceLocation in
      for round in 0..<5 {
        let first = try await factory.makeStore()
        let others = try await withThrowingTaskGroup(of: (any FeedStore).self) { group in
          for _ in 0..<4 {
            group.addTask { try await factory.reopen(first) }
          }
          return try await group.reduce(into: [any FeedStore]()) { $0.append($1) }
        }

        let stores = [first] + others
        let passed = await expectFirstUseTogether(
          of: stores, round: round, sourceLocation: sourceLocation)
        guard passed else { return }
      }
    },
  ]

  /// Makes every store's first insert and retrieve at the same moment; then every store must
  /// deliver the same one of the inserted feeds.
  ///
  /// - Returns: Whether the stores kept the contract.
  private static func expectFirstUseTogether(
    of stores: [any FeedStore], round: Int, sourceLocation: SourceLocation
  ) async -> Bool {
    let feeds = stores.indices.map { index in
      let number = round * stores.count + index
      return CachedFeed(
        feed: FeedStoreFixtures.numberedFeed(number, count: 1 + index),
        timestamp: FeedStoreFixtures.numberedTimestamp(number))
    }
    let errors = await withTaskGroup(of: String?.self) { group in
      for (store, feed) in zip(stores, feeds) {
        group.addTask {
          do {
            try await store.insert(feed.feed, timestamp: feed.timestamp)
            _ = try await store.retrieve()
            return nil
          } catch {
            return "\(error)"
          }
        }
      }
      return await group.compactMap { $0 }.reduce(into: [String]()) { $0.append($1) }
    }
    if let error = errors.first {
      let message: String =
        "Expected \(stores.count) stores opened together over new storage to insert and "
        + "retrieve at once without an error (round \(round + 1)), but \(errors.count) threw, "
        + "first: \(error)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return false
    }
    var agreed: CachedFeed?
    for (index, store) in stores.enumerated() {
      let cache = try? await store.retrieve()
      guard let cache, feeds.contains(cache), agreed == nil || agreed == cache else {
        let message: String =
          "Expected store \(index + 1) of \(stores.count) opened together to deliver "
          + (agreed.map { "the feed the others delivered, \(ExactComparison.describe($0))" }
            ?? "one of the feeds they inserted")
          + " (round \(round + 1)), but it delivered \(ExactComparison.describe(cache))"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return false
      }
      agreed = cache
    }
    return true
  }

  /// Rounds of insert A, delete, insert B (then B is cached) and delete (then nothing is),
  /// each operation on the next of `stores` in turn, every retrieve from each of them.
  private static func expectOperationsObservedInOrder(
    on stores: [any FeedStore], sourceLocation: SourceLocation
  ) async {
    var turn = 0
    func next() -> any FeedStore {
      defer { turn += 1 }
      return stores[turn % stores.count]
    }
    for round in 0..<20 {
      let (a, b) = (2 * round, 2 * round + 1)
      let latest = CachedFeed(
        feed: FeedStoreFixtures.numberedFeed(b, count: 1 + round % 3),
        timestamp: FeedStoreFixtures.numberedTimestamp(b))
      do {
        try await next().insert(
          FeedStoreFixtures.numberedFeed(a, count: 2),
          timestamp: FeedStoreFixtures.numberedTimestamp(a))
        try await next().deleteCachedFeed()
        try await next().insert(latest.feed, timestamp: latest.timestamp)
      } catch {
        Issue.record(
          "Expected insert, delete, insert to succeed, but one threw: \(error)",
          sourceLocation: sourceLocation)
        return
      }
      for (index, store) in stores.enumerated() {
        let delivered = await expectExactRetrieval(
          from: store, toDeliver: latest,
          "from instance \(index + 1) after insert A, delete, insert B (round \(round + 1))",
          sourceLocation: sourceLocation)
        guard delivered else { return }
      }
      do {
        try await next().deleteCachedFeed()
      } catch {
        Issue.record(
          "Expected delete after an insert to succeed, but it threw: \(error)",
          sourceLocation: sourceLocation)
        return
      }
      for (index, store) in stores.enumerated() {
        let delivered = await expectExactRetrieval(
          from: store, toDeliver: nil,
          "from instance \(index + 1) after insert then delete (round \(round + 1))",
          sourceLocation: sourceLocation)
        guard delivered else { return }
      }
    }
  }

  /// Defines a spec of two stores over one storage: ``PersistentFeedStoreFactory``.
  private static func overOneStorage(
    _ id: String, _ summary: String,
    body: @escaping @Sendable (any PersistentFeedStoreFactory, SourceLocation) async throws -> Void
  ) -> FeedStoreSpec {
    FeedStoreSpec(
      id, .persistent, summary, capable: { $0 as? any PersistentFeedStoreFactory }, body: body)
  }
}
