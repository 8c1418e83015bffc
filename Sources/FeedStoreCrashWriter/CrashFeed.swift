import FeedCache
import Foundation
import SharedSupport

/// The feeds of the kill test: the crash writer and the test make the same cache from the same
/// seed, image for image and to the bit of the timestamp, so the test can tell an old cache, a
/// new one and anything else apart without the child reporting what it wrote.
package enum CrashFeed {
  private static let words = [
    "harbor", "ridge", "café", "東京", "meadow", "quote \"inside\"", "back\\slash", "🌁 fog",
    "tab\there", "line\nbreak", "plain",
  ]

  /// The cache that `seed` stands for.
  ///
  /// Images differ in every field; some have no description or location, and the texts mix
  /// non-ASCII characters, quotes and control characters, as real feeds do.
  ///
  /// - Parameters:
  ///   - seed: Picks the images and the timestamp.
  ///   - count: How many images.
  /// - Returns: The same cache for the same arguments, on every call and in every process.
  package static func make(seed: UInt64, count: Int) -> CachedFeed {
    var generator = SeededGenerator(seed: seed)
    let feed = (0..<count).map { index in image(at: index, seed: seed, using: &generator) }
    let seconds = Double(generator.index(below: 1_000_000_000)) + 0.123_456_789
    return CachedFeed(feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: seconds))
  }

  private static func image(at index: Int, seed: UInt64, using generator: inout SeededGenerator)
    -> LocalFeedImage
  {
    let high = generator.next()
    let low = generator.next()
    let id = UUID(
      uuid: (
        UInt8(truncatingIfNeeded: high >> 56), UInt8(truncatingIfNeeded: high >> 48),
        UInt8(truncatingIfNeeded: high >> 40), UInt8(truncatingIfNeeded: high >> 32),
        UInt8(truncatingIfNeeded: high >> 24), UInt8(truncatingIfNeeded: high >> 16),
        UInt8(truncatingIfNeeded: high >> 8), UInt8(truncatingIfNeeded: high),
        UInt8(truncatingIfNeeded: low >> 56), UInt8(truncatingIfNeeded: low >> 48),
        UInt8(truncatingIfNeeded: low >> 40), UInt8(truncatingIfNeeded: low >> 32),
        UInt8(truncatingIfNeeded: low >> 24), UInt8(truncatingIfNeeded: low >> 16),
        UInt8(truncatingIfNeeded: low >> 8), UInt8(truncatingIfNeeded: low)
      ))
    let description = text(index: index, using: &generator).map { "Picture \(index) of \($0)" }
    let location = text(index: index, using: &generator)
    let width = generator.index(below: 4096)
    // Made of integers only, so the text is always a valid URL.
    let url = URL(string: "https://images.example.com/\(seed)/\(index).jpg?width=\(width)")!
    return LocalFeedImage(id: id, description: description, location: location, url: url)
  }

  /// A text for image `index`, or `nil` for about one image in eight.
  private static func text(index: Int, using generator: inout SeededGenerator) -> String? {
    guard generator.index(below: 8) != 0 else { return nil }
    return "\(words[generator.index(below: words.count)]) \(index)"
  }
}
