import FeedCache
import Foundation

/// An error compared by identity, so a test sees the very error it injected arrive.
struct InjectedError: Error, Equatable {
  let id: UUID = UUID()
}

func uniqueImageFeed() -> [LocalFeedImage] {
  (0..<2).map { _ in
    LocalFeedImage(
      id: UUID(), description: "a description", location: nil,
      url: URL(filePath: "/images/\(UUID().uuidString)"))
  }
}

func uniqueCache(secondsSinceReferenceDate: TimeInterval = 800_000_000) -> CachedFeed {
  CachedFeed(
    feed: uniqueImageFeed(),
    timestamp: Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate)
  )
}
