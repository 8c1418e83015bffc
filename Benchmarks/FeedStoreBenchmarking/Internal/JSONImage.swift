import FeedCache
import Foundation

/// One image as a synthesized `Codable` conformance of `LocalFeedImage` would code it, without
/// making the domain type `Codable`: the encoder and decoder baselines code `[JSONImage]`, and the
/// floors' payload is its encoding.
///
/// It has the keys a synthesized conformance would, with the same value types (`UUID`, `URL`,
/// optional strings left out when `nil`), so the coder does the work it would do for
/// `[LocalFeedImage]`; wrapping an image copies its references, nothing more.
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

  /// The JSON of `images`, as the baselines and the floors' payload code it.
  static func encode(_ images: [LocalFeedImage]) throws -> Data {
    try JSONEncoder().encode(images.map(JSONImage.init))
  }

  /// The images of `data`, decoded with a new `JSONDecoder`.
  static func decode(_ data: Data) throws -> [LocalFeedImage] {
    try JSONDecoder().decode([JSONImage].self, from: data).map(\.image)
  }
}
