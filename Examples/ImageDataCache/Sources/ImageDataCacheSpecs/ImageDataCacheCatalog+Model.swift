import ContractSpecs

extension ImageDataCacheCatalog {
  static let modelSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "model_randomOperationsMatchTheContract", core,
      "Random sequences of inserts, retrieves and removes over five URLs deliver what the "
        + "contract's model says."
    ) { (factory: any ImageDataCacheFactory) in
      try await ImageDataCacheModel(factory: factory).checkSequences(
        count: SpecRun.profile.modelSequences)
    }
  ]
}
