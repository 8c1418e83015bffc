import FeedCache
import Foundation
import Testing

extension FeedStoreSpec {
  static let roundTripSpecs: [FeedStoreSpec] = [
    core(
      "roundTrip_keepsUnicodeTextExactly",
      "Text comes back scalar for scalar: emoji, combining marks, right-to-left text, NUL and 1 MB."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()

      for (number, (name, text)) in RoundTripValues.texts.enumerated() {
        let image = LocalFeedImage(
          id: UUID(), description: text, location: String(text.prefix(64)),
          url: URL(string: "https://images.example.com/text-\(number).jpg")!)
        let cache = CachedFeed(
          feed: [image], timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache.feed, timestamp: cache.timestamp)

        await expectExactRetrieval(
          from: sut, toDeliver: cache, "after inserting text with \(name)",
          sourceLocation: sourceLocation)
      }
    },
    core(
      "roundTrip_keepsURLsExactly",
      "URLs come back equal: query, fragment, percent escapes, IDN hosts, file URLs and 64 KB."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()

      for (number, (name, url)) in RoundTripValues.urls.enumerated() {
        let cache = CachedFeed(
          feed: [LocalFeedImage(id: UUID(), description: name, location: nil, url: url)],
          timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache.feed, timestamp: cache.timestamp)

        await expectExactRetrieval(
          from: sut, toDeliver: cache, "after inserting a URL with \(name)",
          sourceLocation: sourceLocation)
      }
    },
    core(
      "roundTrip_keepsRelativeURLsAsTheirAbsoluteString",
      "A URL relative to a base comes back as URL(string: url.absoluteString)."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()
      let base = URL(string: "https://images.example.com/feed/today/")!
      let relative = ["a.jpg", "../b.jpg?size=large#top", "/c%20d.jpg", "//cdn.example.com/e.jpg"]
        .map { URL(string: $0, relativeTo: base)! }
      let inserted = relative.map {
        LocalFeedImage(id: UUID(), description: $0.relativeString, location: nil, url: $0)
      }
      let expected = try inserted.map { image in
        LocalFeedImage(
          id: image.id, description: image.description, location: image.location,
          url: try RoundTripValues.require(
            URL(string: image.url.absoluteString), "URL(string: \(image.url.absoluteString))"))
      }

      try await sut.insert(inserted, timestamp: FeedStoreFixtures.preciseTimestamp())

      await expectExactRetrieval(
        from: sut,
        toDeliver: CachedFeed(feed: expected, timestamp: FeedStoreFixtures.preciseTimestamp()),
        "after inserting URLs relative to \(base.absoluteString)", sourceLocation: sourceLocation)
    },
    core(
      "roundTrip_keepsTimestampsToTheBit",
      "Timestamps come back bit for bit: far past and future, negative, subnormal, -0.0, sub-µs."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()

      for (number, (name, timestamp)) in RoundTripValues.timestamps.enumerated() {
        let cache = CachedFeed(
          feed: FeedStoreFixtures.numberedFeed(number, count: 1), timestamp: timestamp)
        try await sut.insert(cache.feed, timestamp: cache.timestamp)

        await expectExactRetrieval(
          from: sut, toDeliver: cache, "after inserting the timestamp \(name)",
          sourceLocation: sourceLocation)
      }
    },
    core(
      "roundTrip_keepsImagesThatShareIDsOrURLs",
      "Images that repeat, or share an id or a URL with another, all come back in order."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()
      let first = FeedStoreFixtures.numberedFeed(1, count: 1)[0]
      let other = FeedStoreFixtures.numberedFeed(2, count: 1)[0]
      let sameID = LocalFeedImage(
        id: first.id, description: "same id, other fields", location: "elsewhere", url: other.url)
      let sameURL = LocalFeedImage(
        id: other.id, description: "same URL, other id", location: nil, url: first.url)
      let cache = CachedFeed(
        feed: [first, first, sameID, sameURL, first],
        timestamp: FeedStoreFixtures.preciseTimestamp())

      try await sut.insert(cache.feed, timestamp: cache.timestamp)

      await expectExactRetrieval(
        from: sut, toDeliver: cache, "after inserting images that share ids and URLs",
        sourceLocation: sourceLocation)
    },
    core(
      "roundTrip_keepsFeedsOfEverySize",
      "An empty feed, a feed of one image and a feed of 100,000 images all come back whole."
    ) { factory, sourceLocation in
      let sut = try await factory.makeStore()

      for (number, count) in [0, 1, 100_000].enumerated() {
        let cache = CachedFeed(
          feed: RoundTripValues.largeFeed(count: count),
          timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache.feed, timestamp: cache.timestamp)

        await expectExactRetrieval(
          from: sut, toDeliver: cache, "after inserting a feed of \(count) images",
          sourceLocation: sourceLocation)
      }
    },
    core(
      "roundTrip_refusesOrKeepsValuesItCannotRepresent",
      "A NaN timestamp or a URL that does not survive absoluteString is kept exactly or refused."
    ) { factory, sourceLocation in
      for (name, hostile) in try RoundTripValues.unrepresentable() {
        let previous = FeedStoreFixtures.uniqueCachedFeed()
        let sut = try await factory.makeStore(holding: previous)

        do {
          try await sut.insert(hostile.feed, timestamp: hostile.timestamp)
        } catch {
          await expectExactRetrieval(
            from: sut, toDeliver: previous, "after the store refused \(name)",
            sourceLocation: sourceLocation)
          continue
        }

        await expectExactRetrieval(
          from: sut, toDeliver: hostile,
          "after the store accepted \(name) (what it accepts it must deliver exactly)",
          sourceLocation: sourceLocation)
      }
    },
  ]
}
