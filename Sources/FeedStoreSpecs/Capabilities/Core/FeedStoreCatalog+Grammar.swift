import ContractSpecs
import FeedCache
import Foundation

extension FeedStoreCatalog {
  static let grammarSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "roundTrip_keepsEveryPartOfTheURLGrammar", core,
      "URLs from every part of RFC 3986 come back: case, user info, IP hosts, ports, escapes, dots."
    ) { (factory: any FeedStoreFactory) in
      try await expectEveryPart(
        of: URLGrammar.Part.allCases, withValuesOf: "URLs", summary: \.summary, toRoundTrip: factory
      ) { part, _, random in
        let count = part == .longURL ? 2 : SpecRun.profile.valuesPerGrammarPart
        return try (0..<count).map { index in
          LocalFeedImage(
            id: UUID(), description: "\(part.rawValue) \(index)", location: nil,
            url: try URLGrammar.url(
              reaching: part, longest: SpecRun.profile.longestText, using: &random))
        }
      }
    },
    FeedStoreSpec(
      "roundTrip_keepsEveryPartOfUnicodeText", core,
      "Text from all of Unicode comes back: line breaks, NUL, NFD and NFC, right-to-left, long text."
    ) { (factory: any FeedStoreFactory) in
      try await expectEveryPart(
        of: TextGrammar.Part.allCases, withValuesOf: "text", summary: \.summary,
        toRoundTrip: factory
      ) { part, number, random in
        let count = part == .longText ? 1 : SpecRun.profile.valuesPerGrammarPart
        let longest = SpecRun.profile.longestText
        return try (0..<count).map { index in
          LocalFeedImage(
            id: UUID(),
            description: TextGrammar.text(reaching: part, longest: longest, using: &random),
            location: TextGrammar.text(reaching: part, longest: longest, using: &random),
            url: try RoundTripValues.url("https://images.example.com/text/\(number)/\(index).jpg")
          )
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

  /// Inserts, from each of the running spec's seeds, part by part of a field's grammar, the feed
  /// `feed` makes for the part, and expects each back as it was inserted: the URL and text
  /// grammar specs' one loop.
  ///
  /// - Parameters:
  ///   - parts: The grammar's parts, every one reached on every run.
  ///   - values: What the feeds vary, as the messages name it: "URLs", "text".
  ///   - summary: A part in a few words, as the messages name it.
  ///   - factory: Makes the store.
  ///   - feed: The feed for a part and its number, its values drawn with the generator given.
  /// - Throws: What making the store, drawing a value or inserting throws.
  private static func expectEveryPart<Part>(
    of parts: [Part], withValuesOf values: String, summary: (Part) -> String,
    toRoundTrip factory: any FeedStoreFactory,
    feed: (Part, Int, inout SeededRandomNumberGenerator) throws -> [LocalFeedImage]
  ) async throws {
    let sut = try await factory.makeEmptyStore()

    for seed in SpecRun.randomSeeds {
      var random = SeededRandomNumberGenerator(seed: seed)
      for (number, part) in parts.enumerated() {
        let cache = CachedFeed(
          feed: try feed(part, number, &random),
          timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache, "insert of \(values) with \(summary(part))")

        guard
          await expectRetrieval(
            from: sut, toDeliver: cache,
            "after inserting \(values) with \(summary(part)) (seed \(seed))")
        else { return }
      }
    }
  }
}
