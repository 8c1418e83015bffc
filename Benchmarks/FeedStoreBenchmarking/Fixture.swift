import FeedCache
import FeedStoreSupport
import Foundation

/// The feed every row of one size works on: `count` realistic images, their timestamp, and the
/// bytes of their plain JSON encoding, which the floors copy and write.
///
/// Images are generated from a fixed seed, so every run and every child process sees the same
/// feed: descriptions of about 40 characters (10% `nil`), locations of about 20 (15% `nil`), some
/// with non-ASCII letters, and URLs of about 60.
struct Fixture: Sendable {
  /// The seed of every fixture.
  static let seed: UInt64 = 0x00FE_ED5E_ED00_2024

  /// The images, in order.
  let images: [LocalFeedImage]
  /// The timestamp every insert uses.
  let timestamp: Date
  /// `JSONEncoder().encode` of the images: the bytes the floors copy and write; empty when the
  /// fixture was made without it.
  let payload: Data

  /// The number of images.
  var count: Int { images.count }

  /// Generates the fixture of `count` images.
  ///
  /// - Parameters:
  ///   - count: The number of images.
  ///   - encodesPayload: Whether to encode ``payload``. A memory probe of a store skips it, so
  ///     that the encoding's freed memory does not sit in the heap for the store to reuse.
  /// - Throws: ``BenchmarkError`` when the images cannot be encoded.
  init(count: Int, encodesPayload: Bool = true) throws(BenchmarkError) {
    var generator = SeededGenerator(seed: Self.seed)
    images = (0..<count).map { _ in Self.makeImage(using: &generator) }
    timestamp = Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_7)
    guard encodesPayload else {
      payload = Data()
      return
    }
    do {
      payload = try JSONImage.encode(images)
    } catch {
      throw BenchmarkError("cannot encode the fixture of \(count) images: \(error)")
    }
  }

  private static func makeImage(using generator: inout SeededGenerator) -> LocalFeedImage {
    let id = makeUUID(using: &generator)
    let description = generator.chance(10, in: 100) ? nil : makeDescription(using: &generator)
    let location = generator.chance(15, in: 100) ? nil : generator.element(of: places)
    return LocalFeedImage(
      id: id, description: description, location: location, url: makeURL(using: &generator))
  }

  /// 16 random bytes in memory order, with version 4 in byte 6 and the RFC 4122 variant in byte 8.
  private static func makeUUID(using generator: inout SeededGenerator) -> UUID {
    let high = (generator.next() & ~(0xF0 << 48) | 0x40 << 48).littleEndian
    let low = (generator.next() & ~0xC0 | 0x80).littleEndian
    return UUID(uuid: unsafeBitCast((high, low), to: uuid_t.self))
  }

  private static func makeDescription(using generator: inout SeededGenerator) -> String {
    let length = 32 + generator.index(below: 17)
    var words = [generator.element(of: openings)]
    var characters = words[0].count
    while characters < length {
      let word = generator.element(of: self.words)
      words.append(word)
      characters += word.count + 1
    }
    return words.joined(separator: " ")
  }

  private static func makeURL(using generator: inout SeededGenerator) -> URL {
    let path = String(generator.next(), radix: 16)
    let name = generator.element(of: words)
    let width = generator.element(of: [480, 720, 1080, 1440])
    let string = "https://images.feed.example.com/photos/\(path)/\(name)-\(width)w.jpg"
    // Always well formed: ASCII letters, digits and `/`; the fallback is never taken.
    return URL(string: string) ?? URL(filePath: "/\(name).jpg")
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

extension SeededGenerator {
  /// One element of `elements`, which must not be empty.
  fileprivate mutating func element<Element>(of elements: [Element]) -> Element {
    elements[index(below: elements.count)]
  }
}
