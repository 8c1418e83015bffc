import FeedCache
import Foundation

/// A feed that encodes as `JSONEncoder().encode([LocalFeedImage])` would if the domain type were
/// `Codable`, without making it so: the benchmark's plain-encoder baseline and the floors' payload.
///
/// Each image encodes the keys a synthesized conformance would, with the same value types, so the
/// encoder does the work it would do for `[LocalFeedImage]`; the wrapper itself costs nothing, as
/// it maps no array.
struct EncodableFeed: Encodable {
  /// The images to encode, in order.
  let images: [LocalFeedImage]

  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for image in images {
      try container.encode(EncodableImage(image: image))
    }
  }
}

private struct EncodableImage: Encodable {
  enum CodingKeys: String, CodingKey {
    case id, description, location, url
  }

  let image: LocalFeedImage

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(image.id, forKey: .id)
    try container.encodeIfPresent(image.description, forKey: .description)
    try container.encodeIfPresent(image.location, forKey: .location)
    try container.encode(image.url, forKey: .url)
  }
}
