import ContractSpecs
import ImageDataCacheSpecs
import ImageDataCaching

/// Makes in-memory caches, which run the core specs only: they can neither fail nor share storage.
///
/// `Codable`, so that a child process can make its own.
struct InMemoryImageDataCacheFactory: ImageDataCacheFactory, Codable {
  func makeCache() -> InMemoryImageDataCache {
    let cache = InMemoryImageDataCache()
    trackForMemoryLeaks(cache)
    return cache
  }
}
