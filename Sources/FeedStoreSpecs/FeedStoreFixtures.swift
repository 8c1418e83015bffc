import FeedCache
import Foundation

/// Values for feed store tests: feeds whose images differ in every field, awkward values that a
/// careless store mangles, and timestamps with more precision than a second.
///
/// ```swift
/// let feed = FeedStoreFixtures.uniqueImageFeed()
/// try await store.insert(feed, timestamp: FeedStoreFixtures.preciseTimestamp())
/// ```
public enum FeedStoreFixtures {
  /// An image whose every field differs from every other image this method makes.
  ///
  /// - Returns: A new image.
  public static func uniqueImage() -> LocalFeedImage {
    let token = UUID().uuidString.lowercased()
    return LocalFeedImage(
      id: UUID(),
      description: "description \(token)",
      location: "location \(token)",
      url: URL(string: "https://images.example.com/\(token).jpg")!
    )
  }

  /// Images that differ from each other in every field, so a store that swaps, drops or
  /// reorders a field cannot deliver the same feed back.
  ///
  /// - Parameter count: How many images; three by default.
  /// - Returns: `count` unique images.
  public static func uniqueImageFeed(count: Int = 3) -> [LocalFeedImage] {
    (0..<count).map { _ in uniqueImage() }
  }

  /// A cache of ``uniqueImageFeed(count:)`` at ``preciseTimestamp(offset:)``.
  ///
  /// - Parameter timestampOffset: Seconds to add to the timestamp, to get distinct caches.
  /// - Returns: A new cache of three unique images.
  public static func uniqueCachedFeed(timestampOffset: TimeInterval = 0) -> CachedFeed {
    CachedFeed(feed: uniqueImageFeed(), timestamp: preciseTimestamp(offset: timestampOffset))
  }

  /// Images that tell apart a store that keeps every field exactly from one that nearly does:
  /// `nil` beside empty strings, a duplicated image, non-ASCII and control characters, quotes,
  /// SQL, a NUL character, a long text and a URL with percent escapes, query and fragment.
  ///
  /// - Returns: The same images, in the same order, on every call.
  public static func edgeCaseImageFeed() -> [LocalFeedImage] {
    let duplicated = LocalFeedImage(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
      description: "the same image twice",
      location: "here",
      url: URL(string: "https://images.example.com/duplicate.jpg")!
    )
    return [
      LocalFeedImage(
        id: UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A")!,
        description: nil,
        location: "",
        url: URL(string: "https://images.example.com/nil-description.jpg")!
      ),
      LocalFeedImage(
        id: UUID(uuidString: "6B1C2F9D-A4D2-4081-AE1B-102F3E4D5C6B")!,
        description: "",
        location: nil,
        url: URL(string: "https://images.example.com/empty-description.jpg")!
      ),
      duplicated,
      duplicated,
      LocalFeedImage(
        id: UUID(uuidString: "7C2D30AE-B5E3-4192-BF2C-21304F5E6D7C")!,
        description: "'); DROP TABLE feed; -- \"quoted\" \\ back\\slash\nnew line\ttab\u{0}nul",
        location: "Zürich — 東京 🌁 e\u{301}",
        url: URL(string: "https://images.example.com/a%20b/c.jpg?size=large&lang=%C3%BC#top")!
      ),
      LocalFeedImage(
        id: UUID(uuidString: "8D3E41BF-C6F4-42A3-8A3D-324150607F8D")!,
        description: String(repeating: "long description ", count: 600),
        location: nil,
        url: URL(string: "http://127.0.0.1:8080/")!
      ),
    ]
  }

  /// A timestamp with a fraction of a second below the microsecond, which only a store that
  /// keeps dates exactly delivers back equal.
  ///
  /// - Parameter offset: Seconds to add, to get distinct timestamps.
  /// - Returns: The same date for the same offset.
  public static func preciseTimestamp(offset: TimeInterval = 0) -> Date {
    Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_789 + offset)
  }

  /// A timestamp a fraction of a second after the reference date (2001-01-01): so small a number
  /// that a store converting it through `timeIntervalSince1970` loses bits and delivers another.
  ///
  /// - Returns: The same date on every call.
  public static func preciseTimestampNearReferenceDate() -> Date {
    Date(timeIntervalSinceReferenceDate: 0.123_456_789)
  }
}
