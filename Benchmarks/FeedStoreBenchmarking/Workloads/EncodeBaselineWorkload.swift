import FeedCache
import Foundation

/// The baselines a JSON store's insert is compared with: `JSONEncoder().encode` of the feed, with
/// a new encoder each time, as a store that encodes on every insert would.
///
/// Plain, it encodes the images as `[LocalFeedImage]` would if it were `Codable`. With
/// `mapsToStrings`, it first maps them to a DTO of strings (`uuidString`, `absoluteString`) inside
/// the timed region, as a JSON store usually does; both write the same bytes, so the difference
/// between the two rows is what encoding `UUID` and `URL` values costs the encoder.
struct EncodeBaselineWorkload: Workload {
  let fixture: Fixture
  let mapsToStrings: Bool

  var id: RowID { mapsToStrings ? .stringEncodeBaseline : .encodeBaseline }

  func prepare(in directory: URL) -> [LocalFeedImage] {
    fixture.images
  }

  func run(_ images: [LocalFeedImage]) throws -> Data {
    mapsToStrings
      ? try JSONEncoder().encode(images.map(TextImage.init)) : try JSONImage.encode(images)
  }

  func verify(_ data: Data, of images: [LocalFeedImage]) throws {
    // Key order in the encoder's output may differ from one process to the next, so compare
    // the size rather than the bytes.
    guard data.count == fixture.payload.count else {
      throw BenchmarkError(
        "\(id.label) wrote \(data.count) bytes, not \(fixture.payload.count)")
    }
  }
}
