import FeedCache

extension FeedStoreSpec {
  static let concurrencySpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "concurrency_concurrentInsertsAndRetrievesNeverMixFeeds", .core,
      "Writers and readers at once: every retrieve delivers nil or one inserted feed, whole."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore()

      try await FeedStoreSpecProfile.current.concurrentUse.run(on: [sut])
    },
    FeedStoreSpec(
      "concurrency_operationsInSequenceAreObservedInOrder", .core,
      "Insert, delete, insert delivers the last insert, and insert then delete delivers nil."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeStore()

      await expectOperationsObservedInOrder(
        on: [sut], rounds: try FeedStoreSpecProfile.current.orderingRounds)
    },
  ]
}
