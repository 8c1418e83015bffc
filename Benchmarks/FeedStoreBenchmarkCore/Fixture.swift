import FeedCache
import Foundation
import SharedSupport

/// The feed every row of one size works on: `count` realistic images from a fixed seed, the same
/// in every run and child process, with their timestamp and JSON, which the floors copy and write.
package struct Fixture: Sendable {
  static let seed: UInt64 = 0x00FE_ED5E_ED00_2024

  package let images: [LocalFeedImage]
  package let timestamp = Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_7)
  /// The images' JSON; empty when the fixture was made without it.
  let payload: Data

  package var count: Int { images.count }
  /// The images and their timestamp, as a store that holds them retrieves them.
  package var cached: CachedFeed { CachedFeed(feed: images, timestamp: timestamp) }

  /// Generates the fixture of `count` images, and their ``payload`` when `encodesPayload`.
  init(count: Int, encodesPayload: Bool = true) throws(BenchmarkError) {
    var generator = SeededGenerator(seed: Self.seed)
    images = (0..<count).map { _ in Self.makeImage(using: &generator) }
    do {
      payload = encodesPayload ? try JSONImage.encode(images) : Data()
    } catch {
      throw BenchmarkError("cannot encode the fixture of \(count) images: \(error)")
    }
  }

  /// How `retrieved` differs from ``cached``, in a phrase such as `its image 3 differs`; `nil`
  /// when it is exactly the fixture.
  package func difference(from retrieved: CachedFeed?) -> String? {
    guard let retrieved else { return "it delivered no feed" }
    guard retrieved.feed.count == count else {
      return "it delivered \(retrieved.feed.count) images, not \(count)"
    }
    guard retrieved.timestamp == timestamp else {
      return
        "it delivered the timestamp \(retrieved.timestamp.timeIntervalSinceReferenceDate), not "
        + "\(timestamp.timeIntervalSinceReferenceDate)"
    }
    guard let index = images.indices.first(where: { retrieved.feed[$0] != images[$0] }) else {
      return nil
    }
    return "its image \(index) differs: \(retrieved.feed[index]), not \(images[index])"
  }

  private static func makeImage(using generator: inout SeededGenerator) -> LocalFeedImage {
    // 16 random bytes in memory order, with version 4 in byte 6 and the RFC 4122 variant in 8.
    let high = (generator.next() & ~(0xF0 << 48) | 0x40 << 48).littleEndian
    let low = (generator.next() & ~0xC0 | 0x80).littleEndian
    let id = UUID(uuid: unsafeBitCast((high, low), to: uuid_t.self))
    var description: String?
    if generator.index(below: 100) >= 10 {
      let length = 32 + generator.index(below: 17)
      var words = [pick(openings, &generator)]
      while words.joined(separator: " ").count < length {
        words.append(pick(self.words, &generator))
      }
      description = words.joined(separator: " ")
    }
    let location = generator.index(below: 100) < 15 ? nil : pick(places, &generator)
    let path = String(generator.next(), radix: 16)
    let name = pick(words, &generator)
    let width = pick([480, 720, 1080, 1440], &generator)
    let url = "https://images.feed.example.com/photos/\(path)/\(name)-\(width)w.jpg"
    // Always well formed: ASCII letters, digits and `/`; the fallback is never taken.
    return LocalFeedImage(
      id: id, description: description, location: location,
      url: URL(string: url) ?? URL(filePath: "/\(name).jpg"))
  }

  private static func pick<Element>(_ elements: [Element], _ generator: inout SeededGenerator)
    -> Element
  {
    elements[generator.index(below: elements.count)]
  }

  private static let openings = [
    "Golden", "Quiet", "Morning", "Late", "Bright", "Misty", "Early", "Crisp", "Warm", "Rainy",
  ]

  private static let words = [
    "light", "over", "the", "harbour", "walls", "after", "a", "long", "walk", "along", "river",
    "market", "stalls", "café", "corner", "old", "town", "bridge", "sunset", "hills", "garden",
    "streets", "with", "friends", "coffee", "and", "fresh", "bread", "near", "station", "square",
  ]

  private static let places = [
    "Lisbon, Portugal", "São Paulo, Brazil", "Zürich, Switzerland", "Kraków, Poland",
    "Kyoto, Japan", "Cape Town, South Africa", "Montréal, Canada", "Oslo, Norway",
    "Austin, Texas", "Melbourne, Australia", "Reykjavík, Iceland", "Seville, Spain",
  ]
}
