import FeedCache
import Foundation

/// What a retrieve is set against: the least any store must do to deliver the images (build the
/// values from their text fields), and a plain `JSONDecoder` of the payload into the same values.
struct RetrieveFloorWorkload: Workload {
  /// The two ways of making the images.
  enum Method: Sendable {
    /// `UUID(uuidString:)`, `URL(string:)` and the two strings, from text prepared beforehand.
    case buildValues
    /// `JSONDecoder().decode` of the payload, with a new decoder each time.
    case decodeJSON
  }

  let fixture: Fixture
  let method: Method

  var id: RowID { method == .buildValues ? .valueFloor : .decodeBaseline }

  func prepare(in directory: URL) -> [TextImage] {
    method == .buildValues ? fixture.images.map(TextImage.init) : []
  }

  func run(_ texts: [TextImage]) throws -> [LocalFeedImage] {
    switch method {
    case .buildValues:
      return try texts.map { text in
        guard let id = UUID(uuidString: text.id), let url = URL(string: text.url) else {
          throw BenchmarkError("the value floor cannot build an image from \(text)")
        }
        return LocalFeedImage(
          id: id, description: text.description, location: text.location, url: url)
      }
    case .decodeJSON:
      return try JSONImage.decode(fixture.payload)
    }
  }

  func verify(_ images: [LocalFeedImage], of texts: [TextImage]) throws {
    guard images == fixture.images else {
      throw BenchmarkError("\(id.label) did not make the \(fixture.count) images of the fixture")
    }
  }
}

/// An image's fields as the text a store keeps: the least it reads back, and the string DTO a
/// JSON store encodes.
struct TextImage: Encodable, Sendable {
  let id: String
  let description: String?
  let location: String?
  let url: String

  init(_ image: LocalFeedImage) {
    id = image.id.uuidString
    description = image.description
    location = image.location
    url = image.url.absoluteString
  }
}
