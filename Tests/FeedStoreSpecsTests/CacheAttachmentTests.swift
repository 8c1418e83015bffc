import FeedCache
import Foundation
import Testing

@testable import FeedStoreSpecs

@Suite struct CacheAttachmentTests {
  @Test func json_keepsEveryFieldAndTheTimestampsBits() throws {
    let cache = CachedFeed(
      feed: [
        LocalFeedImage(
          id: UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A")!, description: nil,
          location: "Zürich", url: URL(string: "https://images.example.com/a.jpg?x=1")!)
      ],
      timestamp: Date(timeIntervalSinceReferenceDate: 0.5))

    let json = CacheAttachment.json(for: cache)

    #expect(
      json == """
        {
          "feed" : [
            {
              "description" : null,
              "id" : "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A",
              "location" : "Zürich",
              "url" : "https://images.example.com/a.jpg?x=1"
            }
          ],
          "timestamp" : 0.5,
          "timestampBits" : "3FE0000000000000"
        }
        """)
  }

  @Test func json_isNullWhenNothingIsCached() {
    #expect(CacheAttachment.json(for: nil) == "null")
  }
}
