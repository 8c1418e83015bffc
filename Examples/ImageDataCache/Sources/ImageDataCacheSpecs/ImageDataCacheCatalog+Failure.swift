import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let failureSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "failure_insertThrowsWhenStorageFails", failable,
      "An insert while the storage fails throws, for a URL that holds data and for one that does "
        + "not."
    ) { (factory: any FailableImageDataCacheFactory) in
      let (url, otherURL) = (try SpecValues.url(1), try SpecValues.url(2))
      let sut = try await factory.makeCacheWithFailingStorage(
        holding: SpecValues.data(1, count: 12), for: url)

      for url in [url, otherURL] {
        await SpecRun.expectFailure(of: "insert for \(quoted(url)) while the storage fails") {
          try await sut.cache.insert(SpecValues.data(2, count: 12), for: url)
        }
      }
    },
    ImageDataCacheSpec(
      "failure_removeThrowsWhenStorageFails", failable,
      "Removing the data of a URL that holds some, while the storage fails, throws."
    ) { (factory: any FailableImageDataCacheFactory) in
      let url = try SpecValues.url(1)
      let sut = try await factory.makeCacheWithFailingStorage(
        holding: SpecValues.data(1, count: 12), for: url)

      await SpecRun.expectFailure(of: "remove of \(quoted(url)) while the storage fails") {
        try await sut.cache.remove(dataFor: url)
      }
    },
    ImageDataCacheSpec(
      "failure_retrieveNeverDeliversNilForDataItCannotRead", failable,
      "While the storage fails, retrieving a URL that holds data throws or delivers its bytes, "
        + "never nil."
    ) { (factory: any FailableImageDataCacheFactory) in
      let (url, data) = (try SpecValues.url(1), SpecValues.data(1, count: 12))
      let sut = try await factory.makeCacheWithFailingStorage(holding: data, for: url)
      let operation = "retrieve of \(quoted(url)) while the storage fails"

      let delivered: Data?
      do {
        delivered = try await sut.cache.retrieve(dataFor: url, operation)
      } catch {
        return  // Throwing is what the contract asks of a retrieve that cannot read.
      }

      if let problem = difference(from: data, to: delivered) {
        SpecRun.recordFailure(
          "Expected \(operation) to throw or deliver the \(describe(data)) it holds, but "
            + problem)
      }
    },
    ImageDataCacheSpec(
      "failure_failedInsertChangesNothing", failable,
      "Once the storage works again, inserts that failed have changed no URL's data."
    ) { (factory: any FailableImageDataCacheFactory) in
      let (url, otherURL) = (try SpecValues.url(1), try SpecValues.url(2))
      let data = SpecValues.data(1, count: 12)
      let sut = try await factory.makeCacheWithFailingStorage(holding: data, for: url)
      for url in [url, otherURL] {
        let failed = await SpecRun.expectFailure(
          of: "insert for \(quoted(url)) while the storage fails"
        ) {
          try await sut.cache.insert(SpecValues.data(2, count: 14), for: url)
        }
        guard failed else { return }
      }

      try await sut.restoreStorage()

      let held: [(URL, Data?)] = [(url, data), (otherURL, nil)]
      for (url, data) in held {
        await expectRetrieve(
          from: sut.cache, of: url, toDeliver: data,
          "after failed inserts and restoreStorage(of:)")
      }
    },
    ImageDataCacheSpec(
      "failure_failedRemoveChangesNothing", failable,
      "Once the storage works again, a remove that failed has left the URL's data as it was."
    ) { (factory: any FailableImageDataCacheFactory) in
      let (url, data) = (try SpecValues.url(1), SpecValues.data(1, count: 12))
      let sut = try await factory.makeCacheWithFailingStorage(holding: data, for: url)
      let failed = await SpecRun.expectFailure(
        of: "remove of \(quoted(url)) while the storage fails"
      ) {
        try await sut.cache.remove(dataFor: url)
      }
      guard failed else { return }

      try await sut.restoreStorage()

      await expectRetrieve(
        from: sut.cache, of: url, toDeliver: data, "after a failed remove and restoreStorage(of:)")
    },
    ImageDataCacheSpec(
      "failure_errorNamesTheURL", failable,
      "Recommended: the error of an insert or a remove that fails names the URL it was for.",
      isRecommendation: true
    ) { (factory: any FailableImageDataCacheFactory) in
      let url = try SpecValues.url(1)
      let sut = try await factory.makeCacheWithFailingStorage(
        holding: SpecValues.data(1, count: 12), for: url)
      let operations: [(name: String, run: () async throws -> Void)] = [
        ("insert", { try await sut.cache.insert(SpecValues.data(2, count: 12), for: url) }),
        ("remove", { try await sut.cache.remove(dataFor: url) }),
      ]

      for (name, run) in operations {
        let operation = "\(name) for \(quoted(url)) while the storage fails"
        do {
          try await SpecRun.perform(operation, run)
          SpecRun.recordFailure(
            "Expected \(operation) to throw, so that its error could name the URL, but it "
              + "succeeded")
        } catch {
          if !"\(error)".contains(url.absoluteString) {
            SpecRun.recordFailure(
              "Expected the error of \(operation) to name the URL, but it said: \(error)")
          }
        }
      }
    },
  ]
}
