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
      return try JSONDecoder().decode(CachedFeed.self, from: Data(contentsOf: fileURL))
    } catch {
      throw MyFeedStoreError(fileURL: fileURL, underlying: error)
    }
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    // Refuse, before writing anything, a URL that could not be read back from the file.
    for image in feed where URL(string: image.url.absoluteString) == nil {
      throw MyFeedStoreError(fileURL: fileURL, underlying: URLError(.badURL))
    }
    let cache = CachedFeed(feed: feed, timestamp: timestamp)
    try JSONEncoder().encode(cache).write(to: fileURL, options: .atomic)
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
