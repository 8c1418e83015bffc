import FeedCache
import Foundation

/// A feed store that keeps its cache in one JSON file.
public actor MyFeedStore: FeedStore {
  public nonisolated let fileURL: URL

  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  public func retrieve() throws -> CachedFeed? {
    // Read first, then decide: a file another store deletes between a look and a read must read
    // as no cache, not as an error.
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    } catch {
      throw MyFeedStoreError(fileURL: fileURL, underlying: error)
    }
    do {
      return try JSONDecoder().decode(CachedFeed.self, from: data)
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
    do {
      try FileManager.default.removeItem(at: fileURL)
    } catch let error as CocoaError where error.code == .fileNoSuchFile {
      // Nothing cached, or another store deleted it first: deleting nothing is not an error.
    }
  }
}

/// The cache file cannot be read.
public struct MyFeedStoreError: Error {
  public let fileURL: URL
  public let underlying: any Error
}
