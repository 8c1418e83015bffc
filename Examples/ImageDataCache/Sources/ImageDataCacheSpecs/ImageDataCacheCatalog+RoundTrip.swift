import ContractSpecs
import Foundation

extension ImageDataCacheCatalog {
  static let roundTripSpecs: [ImageDataCacheSpec] = [
    ImageDataCacheSpec(
      "roundTrip_keepsEveryByteValue", core,
      "Data of every byte value, invalid UTF-8, line breaks, NULs and random bytes from the run's "
        + "seeds comes back exactly."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()

      for (number, (name, data)) in RoundTripValues.awkwardData.enumerated() {
        let url = try SpecValues.url(number)
        try await sut.insert(data, for: url, "insert of \(name) for \(quoted(url))")

        await expectRetrieve(from: sut, of: url, toDeliver: data, "after an insert of \(name)")
      }
      for seed in SpecRun.randomSeeds {
        var random = SeededRandomNumberGenerator(seed: seed)
        for number in 1...SpecRun.profile.randomBlobs {
          let data = RoundTripValues.randomData(
            count: random.index(below: SpecRun.profile.largestRandomBlob + 1), using: &random)
          let url = try SpecValues.url(1_000 + number)
          let name = "random data \(number) of seed \(seed) (\(SpecRun.replayHint(seed: seed)))"
          try await sut.insert(data, for: url, "insert of \(name) for \(quoted(url))")

          let kept = await expectRetrieve(
            from: sut, of: url, toDeliver: data, "after an insert of \(name)")
          guard kept else { return }
        }
      }
    },
    ImageDataCacheSpec(
      "roundTrip_keepsDataOfSizesBesidePowersOfTwo", core,
      "Data of 2ᵏ − 1, 2ᵏ and 2ᵏ + 1 bytes, each replacing the size before, comes back whole."
    ) { (factory: any ImageDataCacheFactory) in
      let sut = try await factory.makeCacheForSpec()
      let url = try SpecValues.url(1)

      for (number, count) in RoundTripValues.sizes(upTo: SpecRun.profile.largestPowerOfTwo)
        .enumerated()
      {
        let data = SpecValues.data(number, count: count)
        try await sut.insert(data, for: url, "insert of \(describe(data)) for \(quoted(url))")

        let kept = await expectRetrieve(
          from: sut, of: url, toDeliver: data, "after an insert of \(describe(data))")
        guard kept else { return }
      }
    },
  ]
}

/// The data of the round-trip specs.
enum RoundTripValues {
  /// Data that code treating bytes as text, lines or C strings changes, each with its name.
  static let awkwardData: [(name: String, data: Data)] = [
    ("every byte value, ascending", Data((0...255).map { UInt8($0) })),
    ("every byte value, descending", Data((0...255).reversed().map { UInt8($0) })),
    ("invalid UTF-8", Data([0xC0, 0x80, 0xED, 0xA0, 0x80, 0xFF, 0xFE, 0x80, 0xF8, 0x88])),
    ("line breaks", Data("a\r\nb\nc\rd\r\n\n".utf8)),
    ("NULs around text", Data([0, 0, 0x61, 0, 0x62, 0, 0])),
    ("a UTF-8 byte order mark", Data([0xEF, 0xBB, 0xBF, 0x61])),
    ("one NUL", Data([0])),
  ]

  /// `count` random bytes drawn from `random`.
  static func randomData(count: Int, using random: inout SeededRandomNumberGenerator) -> Data {
    var data = Data(count: count)
    data.withUnsafeMutableBytes { buffer in
      var index = 0
      while index < buffer.count {
        var word = random.next()
        for _ in 0..<min(8, buffer.count - index) {
          buffer[index] = UInt8(truncatingIfNeeded: word)
          word >>= 8
          index += 1
        }
      }
    }
    return data
  }

  /// Sizes beside each power of two up to `largest`, in increasing order from 0.
  ///
  /// For a `largest` of 8: 0, 1, 2, 3, 4, 5, 7, 8 and 9.
  static func sizes(upTo largest: Int) -> [Int] {
    let powers = sequence(first: 1) { $0 * 2 }.prefix { $0 <= largest }
    var sizes = [0]
    for power in powers {
      for size in [power - 1, power, power + 1] where size > sizes.last ?? 0 {
        sizes.append(size)
      }
    }
    return sizes
  }
}
