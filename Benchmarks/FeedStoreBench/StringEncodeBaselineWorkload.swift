import FeedCache
import Foundation

/// `JSONEncoder` of the images mapped to a DTO of strings first, as a JSON store does.
///
/// The mapping (`uuidString`, `absoluteString`) happens inside the timed region, as it would in
/// a store's insert. It writes the same bytes as ``EncodeBaselineWorkload``; the difference
/// between the two rows is what encoding `UUID` and `URL` values costs the encoder.
struct StringEncodeBaselineWorkload: Workload {
  let fixture: Fixture

  var id: RowID { .stringEncodeBaseline }

  func prepare(in directory: URL) -> [LocalFeedImage] {
    fixture.images
  }

  func run(_ images: [LocalFeedImage]) throws -> Data {
    try JSONEncoder().encode(images.map(StringImageDTO.init))
  }

  func verify(_ data: Data, of images: [LocalFeedImage]) throws {
    guard data.count == fixture.payload.count else {
      throw BenchmarkError(
        "the string DTO baseline wrote \(data.count) bytes, not \(fixture.payload.count)")
    }
  }
}

private struct StringImageDTO: Encodable {
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
