import FeedCache
import Foundation

/// A ``FeedCache/FeedStore`` that keeps its feed as one JSON file.
///
/// Every insert writes a new file beside the store file and renames it over the old one, so a
/// reader, or a relaunch after a crash, sees the old cache or the new one, never a torn file.
/// Because every change is one atomic rename or unlink, the store needs no lock: it is safe to
/// use from many tasks, and the last change to finish wins.
///
/// A missing file retrieves as `nil`. A file that exists but cannot be decoded is an error, and
/// is left on disk as it is.
///
/// ```swift
/// let store = CodableFeedStore(storeURL: cachesDirectory.appending(path: "feed.json"))
/// try await store.insert(feed, timestamp: .now)
/// ```
public struct CodableFeedStore: FeedStore {
  /// The file that holds the cache.
  public let storeURL: URL
  private let fileSystem: any FileSystem

  /// Creates a store over the JSON file at `storeURL`, which need not exist yet.
  ///
  /// - Parameters:
  ///   - storeURL: The file that holds the cache. Its directory must exist.
  ///   - fileSystem: How the store reaches the disk; the real one by default.
  public init(storeURL: URL, fileSystem: any FileSystem = LocalFileSystem()) {
    self.storeURL = storeURL
    self.fileSystem = fileSystem
  }

  public func deleteCachedFeed() async throws {
    do {
      try fileSystem.removeItem(at: storeURL)
    } catch {
      throw CodableFeedStoreError(.undeletable, at: storeURL, underlyingError: error)
    }
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    let data: Data
    do {
      data = try FeedCacheJSONWriter.encode(feed: feed, timestamp: timestamp)
    } catch {
      throw CodableFeedStoreError(.unwritable, at: storeURL, underlyingError: error)
    }
    try replaceStoreFile(with: data)
  }

  public func retrieve() async throws -> CachedFeed? {
    let data: Data?
    do {
      data = try fileSystem.contentsOfFile(at: storeURL)
    } catch {
      throw CodableFeedStoreError(.unreadable, at: storeURL, underlyingError: error)
    }
    guard let data else { return nil }
    return try CodableFeedCache.decode(data, storeURL: storeURL)
  }

  private func replaceStoreFile(with data: Data) throws {
    let temporaryURL = storeURL.deletingLastPathComponent().appending(
      path: ".\(storeURL.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try fileSystem.createFile(at: temporaryURL, contents: data)
      try fileSystem.replaceItem(at: storeURL, withItemAt: temporaryURL)
    } catch {
      // The write already failed and that is the error worth reporting; a temporary file that
      // cannot be removed either is harmless, as it never replaces the store file.
      try? fileSystem.removeItem(at: temporaryURL)
      throw CodableFeedStoreError(.unwritable, at: storeURL, underlyingError: error)
    }
  }
}
