import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let concurrencySpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "concurrency_concurrentInsertsAndRetrievesNeverMixData", core,
      "Writers and readers at once on one URL: every retrieve delivers nil or one insert's bytes, "
        + "whole and not yet replaced."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()

      await expectConcurrentUseKeepsTheContract(on: [sut], url: try SpecValues.url(1))
    }
  ]
}
