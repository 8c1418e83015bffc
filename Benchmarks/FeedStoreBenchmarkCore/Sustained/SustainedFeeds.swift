import FeedCache
import Foundation
import SharedSupport

/// The feeds the sustained mode inserts one after the other, as an app replaces its cached feed:
/// 20 to 200 images (the sum of two seeded draws), each a window of a pool of fixture images that
/// starts elsewhere each time, and their JSON for the write floor, from each image's encoding.
struct SustainedFeeds: Sendable {
  static let sizes = 20...200

  let count: Int
  private let pool: [LocalFeedImage]
  private let encodedPool: [Data]
  private let feedSizes: [Int]

  /// Draws the sizes of `count` feeds and encodes the pool.
  init(count: Int) throws(BenchmarkError) {
    self.count = count
    pool = try Fixture(count: 2 * Self.sizes.upperBound, encodesPayload: false).images
    do {
      encodedPool = try pool.map { try JSONEncoder().encode(JSONImage(image: $0)) }
    } catch {
      throw BenchmarkError("cannot encode the sustained mode's images: \(error)")
    }
    var generator = SeededGenerator(seed: Fixture.seed ^ 0x5EED)
    let spread = (Self.sizes.upperBound - Self.sizes.lowerBound) / 2 + 1
    feedSizes = (0..<count).map { _ in
      Self.sizes.lowerBound + generator.index(below: spread) + generator.index(below: spread)
    }
  }

  func size(_ index: Int) -> Int {
    feedSizes[index]
  }

  func feed(_ index: Int) -> [LocalFeedImage] {
    window(index).map { pool[$0] }
  }

  /// The timestamp of feed `index`: one minute after the one before.
  func timestamp(_ index: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: Self.firstTimestamp + Double(index) * 60)
  }

  /// Throws unless `cached` is exactly feed `index`, with its timestamp.
  ///
  /// - Parameters:
  ///   - cached: What a retrieve delivered.
  ///   - index: The feed it must be.
  ///   - what: What delivered it, for the message, such as `after insert 3, a retrieve`.
  /// - Throws: ``BenchmarkError`` saying how `cached` differs.
  func check(_ cached: CachedFeed?, isFeed index: Int, _ what: String) throws(BenchmarkError) {
    try check(cached, isOneOf: [index], what)
  }

  /// Throws unless `cached` is exactly one of the feeds `indices`, with its timestamp, which
  /// tells which feed it must be.
  ///
  /// - Parameters:
  ///   - cached: What a retrieve delivered.
  ///   - indices: The feeds it may be.
  ///   - what: What delivered it, for the message, such as `a reader's retrieve`.
  /// - Throws: ``BenchmarkError`` saying how `cached` differs.
  func check(
    _ cached: CachedFeed?, isOneOf indices: Set<Int>, _ what: String
  ) throws(BenchmarkError) {
    guard let cached else { throw BenchmarkError("\(what) delivered no feed") }
    let interval = cached.timestamp.timeIntervalSinceReferenceDate
    guard let index = Int(exactly: (interval - Self.firstTimestamp) / 60), indices.contains(index)
    else {
      throw BenchmarkError(
        "\(what) delivered a timestamp that no insert it could see made: \(interval)")
    }
    guard cached.feed == feed(index) else {
      throw BenchmarkError(
        "\(what) delivered the timestamp of feed \(index + 1) with \(cached.feed.count) images that "
          + "are not that feed's \(size(index))")
    }
  }

  private static let firstTimestamp: TimeInterval = 786_297_600

  /// The plain JSON of feed `index`, as the write floor writes it.
  func payload(_ index: Int) -> Data {
    let images = window(index).map { encodedPool[$0] }
    // Appended piece by piece: `joined(separator:)` on `Data` goes byte by byte through a
    // generic sequence, which made this the costliest line of the benchmark's own tests.
    var payload = Data(capacity: images.reduce(2 + images.count) { $0 + $1.count })
    payload.append(UInt8(ascii: "["))
    for (position, image) in images.enumerated() {
      if position > 0 { payload.append(UInt8(ascii: ",")) }
      payload.append(image)
    }
    payload.append(UInt8(ascii: "]"))
    return payload
  }

  private func window(_ index: Int) -> [Int] {
    let start = index &* 97 % pool.count
    return (0..<feedSizes[index]).map { (start + $0) % pool.count }
  }
}
