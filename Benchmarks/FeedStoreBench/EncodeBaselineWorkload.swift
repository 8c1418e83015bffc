import Foundation

/// The baseline a JSON store's insert is compared with: `JSONEncoder().encode` of the feed as
/// `[LocalFeedImage]` would encode if it were `Codable`, with a new encoder each time, as a store
/// that encodes on every insert would.
struct EncodeBaselineWorkload: Workload {
  let fixture: Fixture

  var id: RowID { .encodeBaseline }

  func prepare(in directory: URL) -> EncodableFeed {
    EncodableFeed(images: fixture.images)
  }

  func run(_ feed: EncodableFeed) throws -> Data {
    try JSONEncoder().encode(feed)
  }

  func verify(_ data: Data, of feed: EncodableFeed) throws {
    // Key order in the encoder's output may differ from one process to the next, so compare
    // the size rather than the bytes.
    guard data.count == fixture.payload.count else {
      throw BenchmarkError(
        "the JSONEncoder baseline wrote \(data.count) bytes, not \(fixture.payload.count)")
    }
  }
}
