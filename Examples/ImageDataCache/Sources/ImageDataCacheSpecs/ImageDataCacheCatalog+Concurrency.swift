import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let concurrencySpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "concurrency_concurrentInsertsAndRetrievesNeverMixData", core,
      "Inserts, retrieves and removes at once over two URLs take effect whole, in an order that "
        + "keeps when each began and returned."
    ) { (factory: any ImageDataCacheFactory) in
      let model = ImageDataCacheModel.concurrentUse(of: factory, sharingStorage: false)

      try await SpecRun.profile.concurrentUse.check(model)
    }
  ]
}
