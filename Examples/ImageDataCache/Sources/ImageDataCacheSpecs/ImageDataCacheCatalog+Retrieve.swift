import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let retrieveSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "retrieve_deliversNilForUnknownURL", core,
      "A new cache delivers nil for a URL it was never given."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()

      await expectRetrieve(
        from: sut, of: try SpecValues.url(1), toDeliver: nil, "from a new cache")
    },
    ImageDataCacheSpec(
      "retrieve_twiceDeliversTheSameData", core,
      "Retrieving a URL twice delivers its data both times, and a URL without data stays without."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let (url, otherURL) = (try SpecValues.url(1), try SpecValues.url(2))
      let data = SpecValues.data(1, count: 20)
      try await sut.insert(data, for: url, "insert of \(describe(data)) for \(quoted(url))")

      for attempt in ["first", "second"] {
        await expectRetrieve(
          from: sut, of: url, toDeliver: data, "the \(attempt) time after an insert")
        await expectRetrieve(
          from: sut, of: otherURL, toDeliver: nil, "the \(attempt) time with no insert for it")
      }
    },
  ]
}
