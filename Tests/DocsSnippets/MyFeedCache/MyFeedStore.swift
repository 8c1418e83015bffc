import FeedCache
import Foundation

/// A feed store that keeps its cache in one JSON file.
public actor MyFeedStore: FeedStore {
  public nonisolated let fileURL: URL

  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  public func retrieve() throws -> CachedFeed? {
    guard FileManager.default.fileExists(atPath: fileURL.path(percentEncoded: false)) else {
      return nil
    }
    do {
      let stored = try JSONDecoder().decode(StoredCache.self, from: Data(contentsOf: fileURL))
      return CachedFeed(feed: stored.feed.map(\.image), timestamp: stored.timestamp)
    } catch {
      throw MyFeedStoreError(fileURL: fileURL, underlying: error)
    }
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    // Refuse, before writing anything, a URL that could not be read back from the file.
    for image in feed where URL(string: image.url.absoluteString) == nil {
      throw MyFeedStoreError(fileURL: fileURL, underlying: URLError(.badURL))
    }
    let stored = StoredCache(feed: feed.map(StoredImage.init), timestamp: timestamp)
    try JSONEncoder().encode(stored).write(to: fileURL, options: .atomic)
  }

  public func deleteCachedFeed() throws {
    guard FileManager.default.fileExists(atPath: fileURL.path(percentEncoded: false)) else {
      return
    }
    try FileManager.default.removeItem(at: fileURL)
  }
}

/// The cache file cannot be read.
public struct MyFeedStoreError: Error {
  public let fileURL: URL
  public let underlying: any Error
}

private struct StoredCache: Codable {
  let feed: [StoredImage]
  let timestamp: Date
}

private struct StoredImage: Codable {
  let id: UUID
  let description: String?
  let location: String?
  let url: URL

  init(_ image: LocalFeedImage) {
    (id, description, location, url) = (image.id, image.description, image.location, image.url)
  }

  var image: LocalFeedImage {
    LocalFeedImage(id: id, description: description, location: location, url: url)
  }
}
