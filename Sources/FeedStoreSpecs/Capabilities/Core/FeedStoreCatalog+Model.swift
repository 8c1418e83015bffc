import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let modelSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "model_randomOperationsMatchTheContract", core,
      "Random insert, delete, retrieve, reopen and fault sequences deliver what the contract's "
        + "model says."
    ) { (factory: any FeedStoreFactory) in
      try await ModelCheck.run(
        FeedStoreSequenceModel(factory: factory), sequences: SpecRun.profile.modelSequences)
    }
  ]
}
