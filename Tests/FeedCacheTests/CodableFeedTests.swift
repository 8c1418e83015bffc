import FeedCache
import Foundation
import Testing

/// Pins the encoding of the contract's values: a store that keeps them with an encoder relies on
/// these keys to read its files back after an upgrade.
@Suite struct CodableFeedTests {
  @Test func cachedFeed_encodesItsPropertiesByName() throws {
    let sut = makeSUT()

    let json = String(decoding: try makeEncoder().encode(sut), as: UTF8.self)

    #expect(
      json
        == #"{"feed":[{"description":"a dog","id":"00000000-0000-0000-0000-000000000001","#
        + #""url":"https:\/\/images.example.com\/1.jpg"},{"#
        + #""id":"00000000-0000-0000-0000-000000000002","location":"","#
        + #""url":"https:\/\/images.example.com\/2.jpg"}],"timestamp":42.5}"#)
  }

  @Test func cachedFeed_decodesToTheSameValues() throws {
    let sut = makeSUT()

    let decoded = try JSONDecoder().decode(CachedFeed.self, from: try makeEncoder().encode(sut))

    #expect(decoded == sut)
    #expect(decoded.feed.map(\.description) == ["a dog", nil])
    #expect(decoded.feed.map(\.location) == [nil, ""])
  }

  private func makeSUT() -> CachedFeed {
    CachedFeed(
      feed: [
        LocalFeedImage(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, description: "a dog",
          location: nil, url: URL(string: "https://images.example.com/1.jpg")!),
        LocalFeedImage(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, description: nil,
          location: "", url: URL(string: "https://images.example.com/2.jpg")!),
      ],
      timestamp: Date(timeIntervalSinceReferenceDate: 42.5))
  }

  private func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }
}
