import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let insertSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "insert_deliversInsertedData", core,
      "Retrieving after an insert delivers exactly the inserted bytes."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)
      let data = SpecValues.data(1, count: 12)

      try await sut.insert(data, for: url, "insert of \(describe(data)) for \(quoted(url))")

      await expectRetrieve(from: sut, of: url, toDeliver: data, "after an insert")
    },
    ImageDataCacheSpec(
      "insert_keepsEmptyDataAsEmptyData", core,
      "Inserting empty data stores it: retrieving delivers zero bytes, not nil."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)

      try await sut.insert(Data(), for: url, "insert of empty data for \(quoted(url))")

      await expectRetrieve(from: sut, of: url, toDeliver: Data(), "after inserting empty data")
    },
    ImageDataCacheSpec(
      "insert_overridesPreviousData", core,
      "A second insert for a URL replaces the first: retrieving delivers the second's bytes."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)
      let (first, second) = (SpecValues.data(1, count: 12), SpecValues.data(2, count: 12))
      try await sut.insert(first, for: url, "first insert for \(quoted(url))")

      try await sut.insert(second, for: url, "second insert for \(quoted(url))")

      await expectRetrieve(from: sut, of: url, toDeliver: second, "after a second insert")
    },
    ImageDataCacheSpec(
      "insert_shorterDataLeavesNothingOfTheLonger", core,
      "Inserts ever shorter, down to empty, each deliver exactly their bytes, with no tail of the "
        + "data before."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)

      var previous = SpecValues.data(0, count: 4_096)
      try await sut.insert(previous, for: url, "insert of 4096 bytes for \(quoted(url))")

      for (number, count) in [1_000, 1, 0].enumerated() {
        let data = SpecValues.data(number + 1, count: count)
        try await sut.insert(data, for: url, "insert of \(describe(data)) for \(quoted(url))")

        let kept = await expectRetrieve(
          from: sut, of: url, toDeliver: data,
          "after inserting \(describe(data)) over \(describe(previous))")
        guard kept else { return }
        previous = data
      }
    },
  ]
}
