import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let modelSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "model_randomOperationsMatchTheContract", core,
      "Random insert, delete, retrieve, reopen and fault sequences deliver what the contract's "
        + "model says."
    ) { (factory: any FeedStoreFactory) in
      try await FeedStoreModel(factory: factory).checkSequences(
        count: SpecRun.profile.modelSequences)
    },
    FeedStoreSpec(
      "model_longUseOfOneStoreMatchesTheContract", core,
      "One store, and those reopened over its storage, keeps matching the model through long use."
    ) { (factory: any FeedStoreFactory) in
      try await FeedStoreModel.longUse(of: factory).checkLongUse(
        operations: SpecRun.profile.longUseOperations)
    },
  ]
}
