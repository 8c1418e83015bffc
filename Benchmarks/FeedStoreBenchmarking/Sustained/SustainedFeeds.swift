import FeedCache
import FeedStoreSupport
import Foundation

/// The feeds the sustained mode inserts one after the other, as an app replaces its cached feed
/// on every refresh.
///
/// Sizes come from a fixed seed, spread between 20 and 200 images (the sum of two uniform draws,
/// so most are near 110). Each feed is a window of a pool of fixture images that starts
/// somewhere else each time, so successive feeds differ. The write floor's payloads are the same
/// feeds' plain JSON, assembled from each pool image's encoding made once beforehand.
struct SustainedFeeds: Sendable {
  /// The smallest and largest feed.
  static let sizes = 20...200

  /// The number of feeds.
  let count: Int
  private let pool: [LocalFeedImage]
  private let encodedPool: [Data]
  private let feedSizes: [Int]

  /// Draws the sizes of `count` feeds and encodes the pool.
  ///
  /// - Throws: ``BenchmarkError`` when the pool cannot be encoded.
  init(count: Int) throws(BenchmarkError) {
    self.count = count
    pool = try Fixture(count: 2 * Self.sizes.upperBound, encodesPayload: false).images
    do {
      let encoder = JSONEncoder()
      encodedPool = try pool.map { try encoder.encode(JSONImage(image: $0)) }
    } catch {
      throw BenchmarkError("cannot encode the sustained mode's images: \(error)")
    }
    var generator = SeededGenerator(seed: Fixture.seed ^ 0x5EED)
    let spread = (Self.sizes.upperBound - Self.sizes.lowerBound) / 2 + 1
    feedSizes = (0..<count).map { _ in
      Self.sizes.lowerBound + generator.index(below: spread) + generator.index(below: spread)
    }
  }

  /// The number of images in feed `index`.
  func size(_ index: Int) -> Int {
    feedSizes[index]
  }

  /// The images of feed `index`.
  func feed(_ index: Int) -> [LocalFeedImage] {
    window(index).map { pool[$0] }
  }

  /// The timestamp of feed `index`: one minute after the one before.
  func timestamp(_ index: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: 786_297_600 + Double(index) * 60)
  }

  /// The plain JSON encoding of feed `index`, as the write floor writes it.
  func payload(_ index: Int) -> Data {
    var payload = Data("[".utf8)
    for (offset, image) in window(index).enumerated() {
      if offset > 0 { payload.append(UInt8(ascii: ",")) }
      payload.append(encodedPool[image])
    }
    payload.append(UInt8(ascii: "]"))
    return payload
  }

  /// The pool indices of feed `index`'s images, in order.
  private func window(_ index: Int) -> [Int] {
    let start = index &* 97 % pool.count
    return (0..<feedSizes[index]).map { (start + $0) % pool.count }
  }
}
