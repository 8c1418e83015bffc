import FeedCache
import Foundation
import Testing

@testable import FeedStoreSpecs

/// Proves that the model recognizes a delivered cache as a numbered one only when it is exactly
/// that cache, field by field, as the specs' comparison would find it.
@Suite struct NumberedCacheTests {
  @Test func numberedCache_isRecognizedByItsNumbers() {
    let sut = makeSUT()

    let recognized = NumberedCache(exactly: sut.cache)

    #expect(recognized == sut)
  }

  @Test func emptyFeed_isRecognizedWhateverItsNumber() {
    let sut = NumberedCache(feed: 7, count: 0, timestamp: 2)

    let recognized = NumberedCache(exactly: sut.cache)

    #expect(recognized == NumberedCache(feed: 0, count: 0, timestamp: 2))
  }

  @Test(arguments: Change.allCases)
  func cacheThatDiffersInOneField_isNoNumberedCache(_ change: Change) throws {
    let cache = try change.apply(to: makeSUT().cache)

    let recognized = NumberedCache(exactly: cache)

    #expect(recognized == nil)
    #expect(CacheComparison.difference(between: makeSUT().cache, and: cache) != nil)
  }

  private func makeSUT() -> NumberedCache {
    NumberedCache(feed: 7, count: 5, timestamp: 2)
  }
}

extension NumberedCacheTests {
  /// One field of feed 7's cache changed; its images' descriptions and locations cycle through
  /// text, `""` and `nil`.
  enum Change: CaseIterable, CustomTestStringConvertible {
    case imageID
    case descriptionText
    case emptyLocationAsNil
    case urlRelativeToABase
    case timestampOneStepLater
    case imageOfAnotherFeed

    var testDescription: String { "\(self)" }

    func apply(to cache: CachedFeed) throws -> CachedFeed {
      var feed = cache.feed
      var timestamp = cache.timestamp
      switch self {
      case .imageID:
        feed[3] = image(feed[3], id: UUID())
      case .descriptionText:
        feed[0] = image(feed[0], description: "image 0 of feed 8")
      case .emptyLocationAsNil:
        feed[2] = image(feed[2], location: .some(nil))
      case .urlRelativeToABase:
        let base = try #require(URL(string: "https://images.example.com/feed-7/"))
        feed[1] = image(feed[1], url: URL(string: "1.jpg", relativeTo: base)!)
      case .timestampOneStepLater:
        timestamp = Date(
          timeIntervalSinceReferenceDate: timestamp.timeIntervalSinceReferenceDate.nextUp)
      case .imageOfAnotherFeed:
        feed[4] = FeedStoreFixtures.numberedFeed(8, count: 5)[4]
      }
      return CachedFeed(feed: feed, timestamp: timestamp)
    }

    private func image(
      _ image: LocalFeedImage, id: UUID? = nil, description: String?? = nil,
      location: String?? = nil, url: URL? = nil
    ) -> LocalFeedImage {
      LocalFeedImage(
        id: id ?? image.id, description: description ?? image.description,
        location: location ?? image.location, url: url ?? image.url)
    }
  }
}
