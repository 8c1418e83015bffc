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
  ]

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
