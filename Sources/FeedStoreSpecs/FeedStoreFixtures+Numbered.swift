import ContractSpecs
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
      let fields = NumberedImageFields(feed: number, image: index)
      return LocalFeedImage(
        id: fields.id, description: fields.description, location: fields.location,
        url: URL(string: fields.url)!)
    }
  }

  /// Whether `image` is image `index` of feed `number`, exactly, as ``CacheComparison`` compares
  /// images: without making the image, whose URL takes longer to parse than to compare.
  static func isNumberedImage(_ image: LocalFeedImage, feed number: Int, index: Int) -> Bool {
    let fields = NumberedImageFields(feed: number, image: index)
    return image.id == fields.id && isSame(image.description, fields.description)
      && isSame(image.location, fields.location) && image.url.baseURL == nil
      && Exact.isSame(image.url.absoluteString, fields.url)
  }

  private static func isSame(_ text: String?, _ expected: String?) -> Bool {
    guard let text, let expected else { return text == nil && expected == nil }
    return Exact.isSame(text, expected)
  }

  /// Timestamp number `number`, the same on every call, with a fraction below the microsecond.
  ///
  /// - Parameter number: Which timestamp.
  /// - Returns: `number` seconds after ``preciseTimestamp(offset:)``.
  public static func numberedTimestamp(_ number: Int) -> Date {
    preciseTimestamp(offset: TimeInterval(number))
  }

  /// The fields of image `image` of feed `feed`, the URL as text.
  private struct NumberedImageFields {
    let id: UUID
    let description: String?
    let location: String?
    let url: String

    init(feed: Int, image: Int) {
      let text = "image \(image) of feed \(feed)"
      id = FeedStoreFixtures.numberedID(feed: feed, image: image)
      description = [text, "", nil][image % 3]
      location = [nil, text, ""][image % 3]
      url = "https://images.example.com/feed-\(feed)/\(image).jpg"
    }
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
