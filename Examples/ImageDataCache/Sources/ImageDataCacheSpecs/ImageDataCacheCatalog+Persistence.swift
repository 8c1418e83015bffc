import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let persistenceSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "persistence_secondInstanceSeesInserts", persistent,
      "A second instance over the same storage delivers what the first inserted, before it opened "
        + "and after."
    ) { (factory: any PersistentImageDataCacheFactory) in
      let storage = try await factory.makeSharedStorage()
      let (url, otherURL) = (try SpecValues.url(1), try SpecValues.url(2))
      let (data, otherData) = (SpecValues.data(1, count: 12), SpecValues.data(2, count: 13))
      try await storage.first.insert(data, for: url, "insert of 12 bytes through the first")

      let second = try await storage.openAnother()
      try await storage.first.insert(
        otherData, for: otherURL, "insert of 13 bytes through the first, the second open")

      await expectRetrieve(
        from: second, of: url, toDeliver: data,
        "through a second instance opened after the first inserted")
      await expectRetrieve(
        from: second, of: otherURL, toDeliver: otherData,
        "through a second instance open while the first inserted")
    },
    ImageDataCacheSpec(
      "persistence_secondInstanceSeesRemoval", persistent,
      "After one instance removes a URL's data, another over the same storage delivers nil for it."
    ) { (factory: any PersistentImageDataCacheFactory) in
      let storage = try await factory.makeSharedStorage()
      let url = try SpecValues.url(1)
      let data = SpecValues.data(1, count: 12)
      try await storage.first.insert(data, for: url, "insert of 12 bytes through the first")
      let second = try await storage.openAnother()
      let seen = await expectRetrieve(
        from: second, of: url, toDeliver: data, "through a second instance")
      guard seen else { return }

      try await storage.first.remove(dataFor: url, "remove through the first")

      await expectRetrieve(
        from: second, of: url, toDeliver: nil, "through the second after the first removed it")
    },
    ImageDataCacheSpec(
      "persistence_latestInsertThroughEitherInstanceWins", persistent,
      "Inserts alternating between two instances over one storage: both deliver the latest."
    ) { (factory: any PersistentImageDataCacheFactory) in
      let storage = try await factory.makeSharedStorage()
      let second = try await storage.openAnother()
      let instances = [("first", storage.first), ("second", second)]
      let url = try SpecValues.url(1)

      for round in 0..<4 {
        let (writer, cache) = instances[round % 2]
        let data = SpecValues.data(round, count: 12 + round)
        try await cache.insert(data, for: url, "insert \(round + 1) through the \(writer)")

        for (reader, cache) in instances {
          let latest = await expectRetrieve(
            from: cache, of: url, toDeliver: data,
            "through the \(reader) after insert \(round + 1) through the \(writer)")
          guard latest else { return }
        }
      }
    },
    ImageDataCacheSpec(
      "concurrency_instancesOverOneStorageNeverMixData", persistent,
      "Calls at once through two instances over one storage take effect whole, in an order that "
        + "keeps when each began and returned."
    ) { (factory: any PersistentImageDataCacheFactory) in
      let model = ImageDataCacheModel.concurrentUse(of: factory, sharingStorage: true)

      try await SpecRun.profile.concurrentUse.check(model)
    },
  ]
}
