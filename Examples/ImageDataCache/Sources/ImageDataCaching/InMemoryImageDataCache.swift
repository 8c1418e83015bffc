import Foundation

/// An ``ImageDataCache`` that keeps its data in memory, for as long as the instance lives.
///
/// It cannot fail, and it shares nothing: every instance starts empty.
///
/// ```swift
/// let cache = InMemoryImageDataCache()
/// try await cache.insert(pngData, for: imageURL)
/// let data = try await cache.retrieve(dataFor: imageURL)
/// ```
public actor InMemoryImageDataCache: ImageDataCache {
  private var entries: [CacheKey: Data] = [:]

  /// Creates an empty cache.
  public init() {}

  public func insert(_ data: Data, for url: URL) {
    entries[CacheKey(url)] = data
  }

  public func retrieve(dataFor url: URL) -> Data? {
    entries[CacheKey(url)]
  }

  public func remove(dataFor url: URL) {
    entries[CacheKey(url)] = nil
  }
}
