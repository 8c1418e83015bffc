import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let urlSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "urls_insertLeavesOtherURLsUnaffected", core,
      "An insert for one URL leaves the data of every other URL as it was."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let urls = try (1...3).map { try SpecValues.url($0) }
      var held = try await sut.insertDistinctData(for: urls)
      held[0] = SpecValues.data(9, count: 12)

      try await sut.insert(held[0], for: urls[0], "second insert for \(quoted(urls[0]))")

      for (url, data) in zip(urls, held) {
        await expectRetrieve(
          from: sut, of: url, toDeliver: data, "after a second insert for \(quoted(urls[0]))")
      }
    },
    ImageDataCacheSpec(
      "urls_removeLeavesOtherURLsUnaffected", core,
      "Removing one URL's data leaves the data of every other URL as it was."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let urls = try (1...3).map { try SpecValues.url($0) }
      var held: [Data?] = try await sut.insertDistinctData(for: urls)
      held[1] = nil

      try await sut.remove(dataFor: urls[1], "remove of \(quoted(urls[1]))")

      for (url, data) in zip(urls, held) {
        await expectRetrieve(
          from: sut, of: url, toDeliver: data, "after a remove of \(quoted(urls[1]))")
      }
    },
    ImageDataCacheSpec(
      "urls_differingInAnyCharacterAreDistinct", core,
      "URLs that differ only in case, scheme, port, a slash, the query, a fragment or "
        + "percent-encoding each hold their own data."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let urls = try lookalikeURLs.map { try SpecValues.url($0) }

      let held = try await sut.insertDistinctData(for: urls)

      for (url, data) in zip(urls, held) {
        await expectRetrieve(
          from: sut, of: url, toDeliver: data,
          "after inserts for \(urls.count) URLs that differ from it in one part only")
      }
    },
    ImageDataCacheSpec(
      "urls_relativeURLSharesTheDataOfItsAbsoluteForm", core,
      "A URL relative to a base and the absolute URL it resolves to are one key."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let base = try SpecValues.url("https://images.example.com/gallery/")
      guard let relative = URL(string: "../cat.png", relativeTo: base) else {
        throw InvalidURL(text: "../cat.png")
      }
      let absolute = try SpecValues.url("https://images.example.com/cat.png")
      let (first, second) = (SpecValues.data(1, count: 12), SpecValues.data(2, count: 13))
      let relativeForm = "\"../cat.png\" relative to \(quoted(base))"

      try await sut.insert(first, for: relative, "insert of 12 bytes for \(relativeForm)")

      let shared = await expectRetrieve(
        from: sut, of: absolute, toDeliver: first, "after an insert for \(relativeForm)")
      guard shared else { return }
      try await sut.insert(second, for: absolute, "insert of 13 bytes for \(quoted(absolute))")
      await expectRetrieve(
        from: sut, of: relative, toDeliver: second,
        "through \(relativeForm) after an insert for its absolute form")
    },
  ]

  /// URLs that each differ from the first in one part of their text only, which URL parsers and
  /// servers often treat as the same.
  static let lookalikeURLs = [
    "https://images.example.com/cat.png",
    "https://images.example.com/Cat.png",
    "https://IMAGES.example.com/cat.png",
    "http://images.example.com/cat.png",
    "https://images.example.com:443/cat.png",
    "https://images.example.com/cat.png/",
    "https://images.example.com//cat.png",
    "https://images.example.com/./cat.png",
    "https://images.example.com/cat.png?",
    "https://images.example.com/cat.png?size=1&v=2",
    "https://images.example.com/cat.png?v=2&size=1",
    "https://images.example.com/cat.png#large",
    "https://images.example.com/%63at.png",
  ]
}
