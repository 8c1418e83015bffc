import ContractSpecs
import FeedCache
import Foundation

extension FeedStoreCatalog {
  /// Sizes where pages, buffers, batch limits and narrow counters break: beside powers of two.
  static let boundarySpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "roundTrip_keepsFeedsOfSizesBesidePowersOfTwo", core,
      "Feeds of 2ᵏ − 1, 2ᵏ and 2ᵏ + 1 images, replacing feeds an image shorter or longer, come "
        + "back whole."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      for (number, count) in BoundaryValues.feedSizes(upTo: SpecRun.profile.largestFeedBoundary)
        .enumerated()
      {
        let cache = CachedFeed(
          feed: RoundTripValues.largeFeed(count: count),
          timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache, "insert of a feed of \(count) images")

        let kept = await expectRetrieval(
          from: sut, toDeliver: cache, "after inserting a feed of \(count) images")
        guard kept else { return }
      }
    },
    FeedStoreSpec(
      "roundTrip_keepsTextOfLengthsBesidePowersOfTwo", core,
      "Text of 2ᵏ − 1, 2ᵏ and 2ᵏ + 1 UTF-8 bytes, a multi-byte scalar across each power of two, "
        + "comes back exactly."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()
      let lengths = BoundaryValues.textLengths(upTo: SpecRun.profile.largestTextBoundary)
      let cache = CachedFeed(
        feed: try lengths.map { length in
          LocalFeedImage(
            id: UUID(), description: BoundaryValues.text(bytes: length, filler: "d"),
            location: BoundaryValues.text(bytes: length, filler: "l"),
            url: try RoundTripValues.url("https://images.example.com/text/\(length).jpg"))
        },
        timestamp: FeedStoreFixtures.preciseTimestamp())

      try await sut.insert(cache, "insert of texts of \(lengths.count) lengths")

      await expectRetrieval(
        from: sut, toDeliver: cache,
        "after inserting texts of 2ᵏ − 1, 2ᵏ and 2ᵏ + 1 UTF-8 bytes up to \(lengths.last ?? 0)")
    },
  ]
}

/// The sizes and texts of the boundary specs.
enum BoundaryValues {
  /// Feed sizes beside each power of two from 2 up to `largest`, in the order they are inserted:
  /// 2ᵏ − 1, 2ᵏ and 2ᵏ + 1 images for odd k, each replacing a feed one image shorter; the same
  /// sizes the other way round for even k, each replacing a feed one image longer.
  static func feedSizes(upTo largest: Int) -> [Int] {
    powersOfTwo(from: 2, upTo: largest).enumerated().flatMap { index, power in
      index.isMultiple(of: 2) ? [power - 1, power, power + 1] : [power + 1, power, power - 1]
    }
  }

  /// Text lengths in UTF-8 bytes beside each power of two from 16 up to `largest`: 2ᵏ − 1, 2ᵏ
  /// and 2ᵏ + 1.
  static func textLengths(upTo largest: Int) -> [Int] {
    powersOfTwo(from: 16, upTo: largest).flatMap { [$0 - 1, $0, $0 + 1] }
  }

  /// Text of exactly `bytes` UTF-8 bytes, with a four-byte scalar across every power of two from
  /// 8 that lies inside it and a two-byte scalar at its end, the rest `filler`: a store that cuts
  /// or decodes text in power-of-two pieces splits a scalar.
  static func text(bytes: Int, filler: Character) -> String {
    let straddling = Array("😀".utf8)
    var utf8 = [UInt8](repeating: UInt8(ascii: filler.unicodeScalars.first ?? "x"), count: bytes)
    var taken = Set<Int>()
    for power in powersOfTwo(from: 8, upTo: bytes) where power + 2 <= bytes {
      utf8.replaceSubrange((power - 2)..<(power + 2), with: straddling)
      taken.formUnion((power - 2)..<(power + 2))
    }
    if bytes >= 2, !taken.contains(bytes - 2), !taken.contains(bytes - 1) {
      utf8.replaceSubrange((bytes - 2)..<bytes, with: Array("é".utf8))
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  private static func powersOfTwo(from smallest: Int, upTo largest: Int) -> [Int] {
    Array(sequence(first: smallest) { $0 * 2 }.prefix { $0 <= largest })
  }
}
