import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let concurrencySpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "concurrency_concurrentInsertsAndRetrievesNeverMixFeeds", core,
      "Writers and readers at once: every retrieve delivers nil or one inserted feed, whole."
    ) { (factory: any FeedStoreFactory) in
      let model = FeedStoreModel.concurrentUse(of: factory, sharingStorage: false)

      try await SpecRun.profile.concurrentUse.check(model)
    },
    FeedStoreSpec(
      "concurrency_operationsInSequenceAreObservedInOrder", core,
      "Insert, delete, insert delivers the last insert, and insert then delete delivers nil."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      await expectOperationsObservedInOrder(on: [sut], rounds: SpecRun.profile.orderingRounds)
    },
  ]
}
