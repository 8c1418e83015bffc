import FeedCache
import Foundation

/// One image as a synthesized `Codable` conformance of `LocalFeedImage` would code it, without
/// making the domain type `Codable`: what the coder baselines code and the floors' payload is.
struct JSONImage: Codable {
  let id: UUID
  let description: String?
  let location: String?
  let url: URL

  init(image: LocalFeedImage) {
    (id, description, location, url) = (image.id, image.description, image.location, image.url)
  }

  /// The JSON of `images`, as the baselines and the floors' payload code it.
  static func encode(_ images: [LocalFeedImage]) throws -> Data {
    try JSONEncoder().encode(images.map(JSONImage.init))
  }

  /// The images of `data`, decoded with a new `JSONDecoder`.
  static func decode(_ data: Data) throws -> [LocalFeedImage] {
    try JSONDecoder().decode([JSONImage].self, from: data).map {
      LocalFeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url)
    }
  }
}

/// An image's fields as text: the string DTO a JSON store encodes.
struct TextImage: Encodable, Sendable {
  let id: String
  let description: String?
  let location: String?
  let url: String

  init(_ image: LocalFeedImage) {
    (id, description, location, url) = (
      image.id.uuidString, image.description, image.location, image.url.absoluteString
    )
  }
}
