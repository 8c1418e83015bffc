import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let removeSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "remove_leavesTheURLWithoutData", core,
      "After removing a URL's data, retrieving it delivers nil."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)
      try await sut.insert(
        SpecValues.data(1, count: 12), for: url, "insert of 12 bytes for \(quoted(url))")

      try await sut.remove(dataFor: url, "remove of \(quoted(url))")

      await expectRetrieve(from: sut, of: url, toDeliver: nil, "after a remove")
    },
    ImageDataCacheSpec(
      "remove_succeedsForURLWithoutData", core,
      "Removing a URL that holds no data succeeds, on a new cache and again after a remove."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)

      await SpecRun.expectSuccess(of: "remove of \(quoted(url)) from a new cache") {
        try await sut.remove(dataFor: url)
      }
      try await sut.insert(
        SpecValues.data(1, count: 12), for: url, "insert of 12 bytes for \(quoted(url))")
      try await sut.remove(dataFor: url, "remove of \(quoted(url))")
      await SpecRun.expectSuccess(of: "second remove of \(quoted(url))") {
        try await sut.remove(dataFor: url)
      }

      await expectRetrieve(from: sut, of: url, toDeliver: nil, "after removing it twice")
    },
  ]
}
