import FeedCache
import Foundation
import Testing

@testable import FeedStoreSpecs

/// Pins what the one comparison every spec uses accepts, and how it says a difference.
@Suite struct CacheComparisonTests {
  @Test func relativeURL_isKeptAsGivenOrAsTheAbsoluteURLItResolvesTo() throws {
    let base = try #require(URL(string: "https://images.example.com/feed/today/"))
    let inserted = try #require(URL(string: "../b.jpg?size=large#top", relativeTo: base))
    let absolute = try #require(URL(string: inserted.absoluteString))

    let asGiven = CacheComparison.difference(between: cache(inserted), and: cache(inserted))
    let asAbsolute = CacheComparison.difference(between: cache(inserted), and: cache(absolute))

    #expect(asGiven == nil)
    #expect(asAbsolute == nil)
  }

  @Test func urlsThatDifferOnlyInTheirBase_showBothBases() throws {
    let inserted = try #require(
      URL(string: "a.jpg", relativeTo: URL(string: "https://images.example.com/feed/today/")))
    let retrieved = try #require(
      URL(string: "today/a.jpg", relativeTo: URL(string: "https://images.example.com/feed/")))

    let difference = CacheComparison.difference(between: cache(inserted), and: cache(retrieved))

    #expect(
      difference
        == "image 0 of 1 differs: url \"a.jpg\" relative to \"https://images.example.com/feed/today/\" "
        + "became \"today/a.jpg\" relative to \"https://images.example.com/feed/\"")
  }

  @Test func longURLs_areQuotedAroundTheirFirstDifference() throws {
    let inserted = try #require(URL(string: "https://images.example.com/feed/today/a.jpg"))
    let retrieved = try #require(URL(string: "https://images.example.com/feed/todax/a.jpg"))

    let difference = CacheComparison.difference(between: cache(inserted), and: cache(retrieved))

    #expect(
      difference
        == "image 0 of 1 differs: url …\"ps://images.example.com/feed/today/a.jpg\" (43 scalars) became "
        + "…\"ps://images.example.com/feed/todax/a.jpg\" (43 scalars), first differing at scalar 36 "
        + "(U+0079 became U+0078)")
  }

  @Test func canonicallyEquivalentText_differsByItsScalars() {
    let decomposed = image(description: "e\u{301}te\u{301}")
    let precomposed = image(description: "\u{E9}t\u{E9}")

    let difference = CacheComparison.difference(
      between: CachedFeed(feed: [decomposed], timestamp: .distantPast),
      and: CachedFeed(feed: [precomposed], timestamp: .distantPast))

    #expect(
      difference
        == "image 0 of 1 differs: description \"e\u{301}te\u{301}\" became \"\u{E9}t\u{E9}\", "
        + "first differing at scalar 0 (U+0065 became U+00E9)")
  }

  @Test func negativeZeroTimestamp_differsFromZeroByItsBits() {
    let feed = [image(description: nil)]

    let difference = CacheComparison.difference(
      between: CachedFeed(feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: -0.0)),
      and: CachedFeed(feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: 0.0)))

    #expect(
      difference
        == "its timestamp was 0.0s after 2001-01-01 (bits 0x0000000000000000, expected "
        + "0x8000000000000000)")
  }

  private func cache(_ url: URL) -> CachedFeed {
    CachedFeed(
      feed: [LocalFeedImage(id: Self.id, description: nil, location: nil, url: url)],
      timestamp: .distantPast)
  }

  private func image(description: String?) -> LocalFeedImage {
    LocalFeedImage(
      id: Self.id, description: description, location: nil,
      url: URL(fileURLWithPath: "/images/a.jpg"))
  }

  private static let id = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
}

/// Pins the words the comparison finds for a flaw many specs fail for.
@Suite struct CacheComparisonCauseTests {
  @Test func feedInReverse_comesBackInReverseOrder() {
    let expected = CachedFeed(
      feed: FeedStoreFixtures.edgeCaseImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
    let reversed = CachedFeed(feed: expected.feed.reversed(), timestamp: expected.timestamp)

    let cause = CacheComparison.likelyCause(between: expected, and: reversed)

    #expect(cause == "the images come back in reverse order")
  }

  // Before: "an image's description is cut to 0 scalars", from the first and last images.
  @Test func feedTooLongToCompareImageByImageInReverse_comesBackInReverseOrder() {
    let expected = CachedFeed(
      feed: FeedStoreFixtures.uniqueImageFeed(count: 1_001), timestamp: .now)
    let reversed = CachedFeed(feed: expected.feed.reversed(), timestamp: expected.timestamp)

    let cause = CacheComparison.likelyCause(between: expected, and: reversed)

    #expect(cause == "the images come back in reverse order")
  }

  @Test func imagesInAnotherPlace_nameNoFieldOfAnImage() {
    let described = LocalFeedImage(
      id: UUID(), description: "a description", location: nil,
      url: URL(string: "https://a-url.com")!)
    let undescribed = LocalFeedImage(
      id: UUID(), description: nil, location: nil, url: URL(string: "https://a-url.com")!)
    let feed = [described, undescribed] + FeedStoreFixtures.uniqueImageFeed(count: 1_000)
    let expected = CachedFeed(feed: feed, timestamp: .now)
    let swapped = CachedFeed(
      feed: [undescribed, described] + feed.dropFirst(2), timestamp: expected.timestamp)

    let cause = CacheComparison.likelyCause(between: expected, and: swapped)

    #expect(cause == nil)
  }

  @Test func timestampInWholeSeconds_losesItsSubSecondPart() {
    let expected = CachedFeed(feed: [], timestamp: FeedStoreFixtures.preciseTimestamp())
    let whole = CachedFeed(
      feed: [],
      timestamp: Date(
        timeIntervalSinceReferenceDate: expected.timestamp.timeIntervalSinceReferenceDate
          .rounded(.down)))

    let cause = CacheComparison.likelyCause(between: expected, and: whole)

    #expect(cause == "the timestamp loses its sub-second part")
  }
}
