import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let isolationSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "isolation_cachesFromTwoMakeCacheCallsShareNothing", core,
      "Two caches from two makeCache() calls never see each other's inserts or removes."
    ) { (factory: any ImageDataCacheFactory) in
      let first = try await factory.makeCacheForSpec()
      let second = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)
      let data = SpecValues.data(1, count: 12)

      try await first.insert(data, for: url, "insert of 12 bytes into the first cache")

      let isolated = await expectRetrieve(
        from: second, of: url, toDeliver: nil, "from a second cache after an insert into the first")
      guard isolated else { return }
      try await second.remove(dataFor: url, "remove of \(quoted(url)) from the second cache")
      await expectRetrieve(
        from: first, of: url, toDeliver: data, "from the first cache after a remove from the second"
      )
    }
  ]
}
