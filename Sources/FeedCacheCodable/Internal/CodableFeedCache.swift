import FeedCache
import Foundation

/// The JSON form of a cache, as ``FeedCacheJSONWriter`` writes it: flat values, decoded strictly.
///
/// ```json
/// {"version":1,"timestamp":786297600.1234568,"feed":[{"id":"…","description":"…","url":"…"}]}
/// ```
///
/// The timestamp is `timeIntervalSinceReferenceDate`, which a `Double` carries exactly; a `nil`
/// description or location is left out, which keeps it apart from an empty string.
struct CodableFeedCache: Decodable {
  /// The format this code writes, and the newest it reads.
  static let currentVersion = 1

  struct Image: Decodable {
    let id: String
    let description: String?
    let location: String?
    let url: String
  }

  let version: Int
  let timestamp: Double
  let feed: [Image]

  static func decode(_ data: Data, storeURL: URL) throws -> CachedFeed {
    let cache: CodableFeedCache
    do {
      cache = try JSONDecoder().decode(CodableFeedCache.self, from: data)
    } catch {
      throw CodableFeedStoreError(.corrupt, at: storeURL, detail: describe(error))
    }
    guard cache.version <= currentVersion else {
      throw CodableFeedStoreError(
        .unsupportedFormatVersion(cache.version), at: storeURL,
        detail: "this store reads versions up to \(currentVersion)")
    }
    return CachedFeed(
      feed: try cache.feed.enumerated().map { index, image in
        try image.local(at: index, storeURL: storeURL)
      },
      timestamp: Date(timeIntervalSinceReferenceDate: cache.timestamp)
    )
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context),
      DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(context.debugDescription) (at \(path))"
    default:
      return String(describing: error)
    }
  }
}

extension CodableFeedCache.Image {
  fileprivate func local(at index: Int, storeURL: URL) throws -> LocalFeedImage {
    guard let uuid = UUID(uuidString: id) else {
      throw CodableFeedStoreError(
        .corrupt, at: storeURL,
        detail: "image \(index) has an id that is not a UUID: \(id.debugDescription)")
    }
    guard let imageURL = URL(string: url) else {
      throw CodableFeedStoreError(
        .corrupt, at: storeURL,
        detail: "image \(index) has a url that is not a URL: \(url.debugDescription)")
    }
    return LocalFeedImage(id: uuid, description: description, location: location, url: imageURL)
  }
}
