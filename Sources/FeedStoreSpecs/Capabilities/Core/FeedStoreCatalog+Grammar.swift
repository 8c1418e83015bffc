import ContractSpecs
import FeedCache
import Foundation

extension FeedStoreCatalog {
  static let grammarSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "roundTrip_keepsEveryPartOfTheURLGrammar", core,
      "URLs from every part of RFC 3986 come back: case, user info, IP hosts, ports, escapes, dots."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      for seed in SpecRun.randomSeeds {
        var random = SeededRandomNumberGenerator(seed: seed)
        for (number, part) in URLGrammar.Part.allCases.enumerated() {
          let count = part == .longURL ? 2 : SpecRun.profile.valuesPerGrammarPart
          let feed = try (0..<count).map { index in
            LocalFeedImage(
              id: UUID(), description: "\(part.rawValue) \(index)", location: nil,
              url: try URLGrammar.url(
                reaching: part, longest: SpecRun.profile.longestText, using: &random))
          }
          let cache = CachedFeed(feed: feed, timestamp: FeedStoreFixtures.numberedTimestamp(number))
          try await sut.insert(cache, "insert of URLs with \(part.summary)")

          guard
            await expectRetrieval(
              from: sut, toDeliver: cache,
              "after inserting URLs with \(part.summary) (seed \(seed))")
          else { return }
        }
      }
    },
    FeedStoreSpec(
      "roundTrip_keepsEveryPartOfUnicodeText", core,
      "Text from all of Unicode comes back: line breaks, NUL, NFD and NFC, right-to-left, long text."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      for seed in SpecRun.randomSeeds {
        var random = SeededRandomNumberGenerator(seed: seed)
        for (number, part) in TextGrammar.Part.allCases.enumerated() {
          let count = part == .longText ? 1 : SpecRun.profile.valuesPerGrammarPart
          let longest = SpecRun.profile.longestText
          let feed = try (0..<count).map { index in
            LocalFeedImage(
              id: UUID(),
              description: TextGrammar.text(reaching: part, longest: longest, using: &random),
              location: TextGrammar.text(reaching: part, longest: longest, using: &random),
              url: try RoundTripValues.url("https://images.example.com/text/\(number)/\(index).jpg")
            )
          }
          let cache = CachedFeed(feed: feed, timestamp: FeedStoreFixtures.numberedTimestamp(number))
          try await sut.insert(cache, "insert of text with \(part.summary)")

          guard
            await expectRetrieval(
              from: sut, toDeliver: cache,
              "after inserting text with \(part.summary) (seed \(seed))")
          else { return }
        }
      }
    },
    FeedStoreSpec(
      "roundTrip_keepsTimestampsFromTheWholeRangeOfDate", core,
      "Timestamps from the whole range of Date come back to the bit: every fraction bit, subnormals."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()
      let feed = FeedStoreFixtures.numberedFeed(1, count: 1)

      for seed in SpecRun.randomSeeds {
        var random = SeededRandomNumberGenerator(seed: seed)
        for part in DateGrammar.Part.allCases {
          for _ in 0..<SpecRun.profile.valuesPerGrammarPart {
            let cache = CachedFeed(
              feed: feed, timestamp: DateGrammar.date(reaching: part, using: &random))
            try await sut.insert(cache, "insert of a timestamp with \(part.summary)")

            guard
              await expectRetrieval(
                from: sut, toDeliver: cache,
                "after inserting a timestamp with \(part.summary) (seed \(seed))")
            else { return }
          }
        }
      }
    },
  ]
}
