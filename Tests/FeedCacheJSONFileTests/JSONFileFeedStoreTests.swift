import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// What only the JSON file store does with values, beside the specs every store runs: its file
/// format, the values it keeps exactly, and the values it refuses before writing anything.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreTests {
  @Test func insert_writesVersionedJSONWithExactTimestampAndNoKeyForNil() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let image = LocalFeedImage(
      id: UUID(), description: nil, location: "", url: URL(string: "https://a.example/1.jpg")!)
    let timestamp = FeedStoreFixtures.preciseTimestamp()

    try await sut.insert([image], timestamp: timestamp)

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: sut.storeURL)) as? [String: Any])
    let images = try #require(json["feed"] as? [[String: Any]])
    #expect(json["version"] as? Int == 1)
    #expect(json["timestamp"] as? Double == timestamp.timeIntervalSinceReferenceDate)
    #expect(images.count == 1)
    #expect(images.first?["id"] as? String == image.id.uuidString)
    #expect(images.first?.keys.contains("description") == false)
    #expect(images.first?["location"] as? String == "")
    #expect(images.first?["url"] as? String == "https://a.example/1.jpg")
  }

  @Test(arguments: [
    0.0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude.nextDown,
    1e-300, 0.1,
    -978_307_200.000_001, 1e16, 123_456_789_012_345_680.0, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude,
  ])
  func insert_roundTripsEveryFiniteTimestampExactly(seconds: Double) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let timestamp = Date(timeIntervalSinceReferenceDate: seconds)

    try await sut.insert([], timestamp: timestamp)

    let retrieved = try #require(try await sut.retrieve())
    #expect(retrieved.timestamp.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern)
  }

  @Test func insert_roundTripsEveryControlCharacterAndNonASCIIText() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let text =
      String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
      + "\u{7F} \"quoted\" \\ / é 東京 🌁 \u{FEFF} \u{10FFFF} e\u{301}"
    let image = LocalFeedImage(
      id: UUID(), description: text, location: text, url: URL(string: "https://a.example")!)

    try await sut.insert([image], timestamp: .now)

    #expect(try await sut.retrieve()?.feed == [image])
    #expect(
      try JSONSerialization.jsonObject(with: Data(contentsOf: sut.storeURL)) is [String: Any])
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func insert_refusesNonFiniteTimestampAndKeepsPreviousCache(seconds: Double) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert([], timestamp: Date(timeIntervalSinceReferenceDate: seconds))
    }

    #expect(error?.reason == .nonFiniteTimestamp)
    #expect(error?.description.contains("the timestamp is not finite (\(seconds)") == true)
    #expect(try await sut.retrieve() == previous)
  }

  @Test func insert_refusesURLThatWouldNotReadBackAndKeepsPreviousCache() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    let unreadable = try #require(URL(dataRepresentation: Data("a b:c".utf8), relativeTo: nil))
    let feed = [
      FeedStoreFixtures.uniqueImage(),
      LocalFeedImage(id: UUID(), description: nil, location: nil, url: unreadable),
    ]

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(feed, timestamp: .now)
    }

    #expect(error?.reason == .unrepresentableURL(imageIndex: 1))
    #expect(error?.detail == unreadable.absoluteString.debugDescription)
    #expect(try await sut.retrieve() == previous)
  }

  @Test func insert_keepsARelativeURLAsTheAbsoluteURLItResolvesTo() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let base = try #require(URL(string: "https://a.example/images/"))
    let relative = try #require(URL(string: "1.jpg?size=large", relativeTo: base))
    let image = LocalFeedImage(id: UUID(), description: nil, location: nil, url: relative)

    try await sut.insert([image], timestamp: .now)

    let retrieved = try #require(try await sut.retrieve()?.feed.first)
    #expect(retrieved.url == URL(string: "https://a.example/images/1.jpg?size=large"))
    #expect(retrieved.url.baseURL == nil)
  }

  @Test func retrieve_readsFileInDocumentedFormat() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try write(
      """
      {"version":1,"timestamp":0.5,"feed":[
        {"id":"5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A","location":"Here","url":"https://a.example/1.jpg"}
      ]}
      """, to: sut.storeURL)

    let retrieved = try await sut.retrieve()

    #expect(
      retrieved
        == CachedFeed(
          feed: [
            LocalFeedImage(
              id: UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A")!, description: nil,
              location: "Here", url: URL(string: "https://a.example/1.jpg")!)
          ],
          timestamp: Date(timeIntervalSinceReferenceDate: 0.5)
        ))
  }

  @Test func retrieve_readsKeysInAnyOrderNullForNilAndLowercaseIDs() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try write(
      """
      { "feed" : [ { "url" : "https://a.example/1.jpg", "description" : null,
          "id" : "5a0b1e8c-93c1-4f7e-9d0a-0f1e2d3c4b5a", "location" : null } ],
        "timestamp" : -1.5e3, "version" : 1 }\n
      """, to: sut.storeURL)

    let retrieved = try await sut.retrieve()

    #expect(
      retrieved
        == CachedFeed(
          feed: [
            LocalFeedImage(
              id: UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A")!, description: nil,
              location: nil, url: URL(string: "https://a.example/1.jpg")!)
          ],
          timestamp: Date(timeIntervalSinceReferenceDate: -1500)
        ))
  }

  @Test func retrieve_decodesEveryJSONEscapeSurrogatePairsAndNUL() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try write(
      #"""
      {"version":1,"timestamp":0,"feed":[{"id":"\u0035A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A",
      "description":"\" \\ \/ \b \f \n \r \t \u0000 \u00E9 \u6771 \ud83c\udf01 \uDBFF\uDFFF",
      "location":"é 東 🌁","url":"https:\/\/a.example\/1.jpg"}]}
      """#, to: sut.storeURL)

    let image = try #require(try await sut.retrieve()?.feed.first)

    #expect(image.id == UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A"))
    #expect(
      image.description == "\" \\ / \u{8} \u{C} \n \r \t \u{0} é 東 🌁 \u{10FFFF}")
    #expect(image.location == "é 東 🌁")
    #expect(image.url == URL(string: "https://a.example/1.jpg"))
  }

  // MARK: The store's URL

  @Test(arguments: ["https://example.com/feed.json", "https://example.com", "feed.json"])
  func init_refusesAURLThatIsNotAFileURLNamingIt(_ text: String) throws {
    let url = try #require(URL(string: text))

    let error = #expect(throws: JSONFileFeedStoreError.self) {
      try JSONFileFeedStore(storeURL: url)
    }

    #expect(error?.operation == .open)
    #expect(error?.reason == .notAFileURL)
    #expect(error?.description.contains(text) == true)
  }

  @Test func init_describesTheURLItRefusesAndWhy() throws {
    let url = try #require(URL(string: "https://example.com/feed.json"))

    let error = #expect(throws: JSONFileFeedStoreError.self) {
      try JSONFileFeedStore(storeURL: url)
    }

    #expect(
      error?.description
        == "Cannot open a feed cache at https://example.com/feed.json: it is not a file URL (its "
        + "scheme is https), and the store keeps its cache in a file; no store was made.")
  }

  // MARK: - Helpers

  private func makeSUT(in directory: URL) throws -> JSONFileFeedStore {
    try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
  }

  private func write(_ json: String, to url: URL) throws {
    try Data(json.utf8).write(to: url)
  }
}
