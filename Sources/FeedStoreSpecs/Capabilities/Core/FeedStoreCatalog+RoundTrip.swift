import ContractSpecs
import FeedCache
import Foundation

extension FeedStoreCatalog {
  static let roundTripSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "roundTrip_keepsUnicodeTextExactly", core,
      "Text comes back scalar for scalar: emoji, combining marks, right-to-left text, NUL, long text."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      let longest = SpecRun.profile.longestText
      for (number, (name, text)) in RoundTripValues.texts(longest: longest).enumerated() {
        let image = LocalFeedImage(
          id: UUID(), description: text, location: String(text.prefix(64)),
          url: try RoundTripValues.url("https://images.example.com/text-\(number).jpg"))
        let cache = CachedFeed(
          feed: [image], timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache, "insert of text with \(name)")

        await expectRetrieval(from: sut, toDeliver: cache, "after inserting text with \(name)")
      }
    },
    FeedStoreSpec(
      "roundTrip_keepsURLsExactly", core,
      "URLs come back equal: query, fragment, percent escapes, IDN hosts, file URLs and 64 KB."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      for (number, (name, url)) in try RoundTripValues.urls().enumerated() {
        let cache = CachedFeed(
          feed: [LocalFeedImage(id: UUID(), description: name, location: nil, url: url)],
          timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache, "insert of a URL with \(name)")

        await expectRetrieval(from: sut, toDeliver: cache, "after inserting a URL with \(name)")
      }
    },
    FeedStoreSpec(
      "roundTrip_keepsRelativeURLsAsGivenOrAbsolute", core,
      "A URL relative to a base comes back as given, or as the absolute URL it resolves to."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()
      let base = try RoundTripValues.url("https://images.example.com/feed/today/")
      let relative = try [
        "a.jpg", "../b.jpg?size=large#top", "/c%20d.jpg", "//cdn.example.com/e.jpg",
      ]
      .map {
        try RoundTripValues.require(
          URL(string: $0, relativeTo: base), "URL(string: \($0.debugDescription), relativeTo: base)"
        )
      }
      let inserted = CachedFeed(
        feed: relative.map {
          LocalFeedImage(id: UUID(), description: $0.relativeString, location: nil, url: $0)
        },
        timestamp: FeedStoreFixtures.preciseTimestamp())

      try await sut.insert(inserted, "insert of URLs relative to \(base.absoluteString)")

      await expectRetrieval(
        from: sut, toDeliver: inserted, "after inserting URLs relative to \(base.absoluteString)")
    },
    FeedStoreSpec(
      "roundTrip_keepsTimestampsToTheBit", core,
      "Timestamps come back bit for bit: far past and future, negative, subnormal, -0.0, sub-µs."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      for (number, (name, timestamp)) in RoundTripValues.timestamps.enumerated() {
        let cache = CachedFeed(
          feed: FeedStoreFixtures.numberedFeed(number, count: 1), timestamp: timestamp)
        try await sut.insert(cache, "insert of the timestamp \(name)")

        await expectRetrieval(from: sut, toDeliver: cache, "after inserting the timestamp \(name)")
      }
    },
    FeedStoreSpec(
      "roundTrip_keepsImagesThatShareIDsOrURLs", core,
      "Images that repeat, or share an id or a URL with another, all come back in order."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()
      let first = FeedStoreFixtures.numberedFeed(1, count: 1)[0]
      let other = FeedStoreFixtures.numberedFeed(2, count: 1)[0]
      let sameID = LocalFeedImage(
        id: first.id, description: "same id, other fields", location: "elsewhere", url: other.url)
      let sameURL = LocalFeedImage(
        id: other.id, description: "same URL, other id", location: nil, url: first.url)
      let cache = CachedFeed(
        feed: [first, first, sameID, sameURL, first],
        timestamp: FeedStoreFixtures.preciseTimestamp())

      try await sut.insert(cache, "insert of images that share ids and URLs")

      await expectRetrieval(
        from: sut, toDeliver: cache, "after inserting images that share ids and URLs")
    },
    FeedStoreSpec(
      "roundTrip_keepsFeedsOfEverySize", core,
      "An empty feed, a feed of one image and a large feed (the profile's largest) all come back whole."
    ) { (factory: any FeedStoreFactory) in
      let sut = try await factory.makeEmptyStore()

      for (number, count) in [0, 1, SpecRun.profile.largestFeed].enumerated() {
        let cache = CachedFeed(
          feed: RoundTripValues.largeFeed(count: count),
          timestamp: FeedStoreFixtures.numberedTimestamp(number))
        try await sut.insert(cache, "insert of a feed of \(count) images")

        await expectRetrieval(
          from: sut, toDeliver: cache, "after inserting a feed of \(count) images")
      }
    },
    FeedStoreSpec(
      "roundTrip_refusesOrKeepsValuesItCannotRepresent", core,
      "A NaN timestamp or a URL that does not survive absoluteString is kept exactly or refused."
    ) { (factory: any FeedStoreFactory) in
      for (name, hostile) in try RoundTripValues.unrepresentable() {
        let previous = FeedStoreFixtures.uniqueCachedFeed()
        let sut = try await factory.makeStore(holding: previous)

        do {
          try await sut.insert(hostile, "insert of \(name)")
        } catch {
          await expectRetrieval(from: sut, toDeliver: previous, "after the store refused \(name)")
          continue
        }

        await expectRetrieval(
          from: sut, toDeliver: hostile,
          "after the store accepted \(name) (what it accepts it must deliver exactly)")
      }
    },
  ]
}
