import FeedCache
import Foundation

/// A feed that encodes and decodes as `[LocalFeedImage]` would if the domain type were `Codable`,
/// without making it so: the encoder and decoder baselines, and the floors' payload.
///
/// Each image has the keys a synthesized conformance would, with the same value types (`UUID`,
/// `URL`, optional strings left out when `nil`), so the coder does the work it would do for
/// `[LocalFeedImage]`.
struct JSONFeed: Codable {
  /// The images, in order.
  let images: [LocalFeedImage]

  init(images: [LocalFeedImage]) {
    self.images = images
  }

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var images: [LocalFeedImage] = []
    if let count = container.count {
      images.reserveCapacity(count)
    }
    while !container.isAtEnd {
      images.append(try container.decode(JSONImage.self).image)
    }
    self.images = images
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for image in images {
      try container.encode(JSONImage(image: image))
    }
  }
}

/// One image as a synthesized `Codable` conformance of `LocalFeedImage` would code it.
struct JSONImage: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, description, location, url
  }

  /// The image.
  let image: LocalFeedImage

  init(image: LocalFeedImage) {
    self.image = image
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    image = LocalFeedImage(
      id: try container.decode(UUID.self, forKey: .id),
      description: try container.decodeIfPresent(String.self, forKey: .description),
      location: try container.decodeIfPresent(String.self, forKey: .location),
      url: try container.decode(URL.self, forKey: .url))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(image.id, forKey: .id)
    try container.encodeIfPresent(image.description, forKey: .description)
    try container.encodeIfPresent(image.location, forKey: .location)
    try container.encode(image.url, forKey: .url)
  }
}
