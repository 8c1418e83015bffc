import FeedCache
import Foundation

/// An error a test double throws, compared by identity so a test sees it arrive unchanged.
struct StoreError: Error, Equatable {
  let id: UUID = UUID()
}

/// A fixed "now", so no test depends on the machine's clock.
let now: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)

/// The feed cache's max age under the default calendar, gregorian in UTC: 7 × 24 hours.
let maxAge: TimeInterval = 7 * 24 * 60 * 60

func uniqueImage() -> LocalFeedImage {
  LocalFeedImage(
    id: UUID(), description: "a description", location: "a location",
    url: URL(filePath: "/images/\(UUID().uuidString)"))
}

func uniqueImageFeed() -> [LocalFeedImage] {
  [uniqueImage(), uniqueImage()]
}

/// A cache holding a unique feed, made `age` seconds before ``now``.
func cache(aged age: TimeInterval) -> CachedFeed {
  CachedFeed(feed: uniqueImageFeed(), timestamp: now.addingTimeInterval(-age))
}
