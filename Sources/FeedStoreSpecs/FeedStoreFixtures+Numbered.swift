import FeedCache
import Foundation

extension FeedStoreFixtures {
  /// Feed number `number` of `count` images, the same on every call: the feeds the model-based
  /// spec inserts, so a shrunk failure's steps can be pasted into a test as they are printed.
  ///
  /// Every image differs from every image of another feed; descriptions and locations cycle
  /// through text, `""` and `nil`.
  ///
  /// - Parameters:
  ///   - number: Which feed; feeds of different numbers share no image.
  ///   - count: How many images.
  /// - Returns: `count` images.
  public static func numberedFeed(_ number: Int, count: Int) -> [LocalFeedImage] {
    (0..<count).map { index in
      let text = "image \(index) of feed \(number)"
      return LocalFeedImage(
        id: numberedID(feed: number, image: index),
        description: [text, "", nil][index % 3],
        location: [nil, text, ""][index % 3],
        url: URL(string: "https://images.example.com/feed-\(number)/\(index).jpg")!
      )
    }
  }

  /// Timestamp number `number`, the same on every call, with a fraction below the microsecond.
  ///
  /// - Parameter number: Which timestamp.
  /// - Returns: `number` seconds after ``preciseTimestamp(offset:)``.
  public static func numberedTimestamp(_ number: Int) -> Date {
    preciseTimestamp(offset: TimeInterval(number))
  }

  private static func numberedID(feed: Int, image: Int) -> UUID {
    let feedBits = UInt64(truncatingIfNeeded: feed)
    let imageBits = UInt64(truncatingIfNeeded: image)
    func byte(_ value: UInt64, _ index: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: value >> (8 * index))
    }
    return UUID(
      uuid: (
        byte(feedBits, 7), byte(feedBits, 6), byte(feedBits, 5), byte(feedBits, 4),
        byte(feedBits, 3), byte(feedBits, 2), byte(feedBits, 1), byte(feedBits, 0),
        byte(imageBits, 7), byte(imageBits, 6), byte(imageBits, 5),
        byte(imageBits, 4), byte(imageBits, 3), byte(imageBits, 2), byte(imageBits, 1),
        byte(imageBits, 0)
      ))
  }
}
