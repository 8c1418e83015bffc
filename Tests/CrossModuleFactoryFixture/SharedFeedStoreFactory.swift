import FeedCache
import FeedStoreSpecs
import Foundation

/// A factory declared in one module with no capability, as an adopter's test-support module
/// would declare it; another module adds its capabilities in extensions.
public struct SharedFeedStoreFactory: FeedStoreFactory {
  /// Creates the factory.
  public init() {}

  public func makeStore() -> SharedFeedStore {
    SharedFeedStore(storage: SharedFeedStore.Storage())
  }
}

/// A store whose instances can share one storage and whose retrieval can be broken, so a
/// factory in another module can offer both capabilities.
public actor SharedFeedStore: FeedStore {
  /// What the instances over one storage share.
  public actor Storage {
    var cache: CachedFeed?
    var isRetrievalBroken = false

    init() {}

    func write(_ cache: CachedFeed?) {
      self.cache = cache
    }

    func read() throws -> CachedFeed? {
      guard !isRetrievalBroken else { throw BrokenStorageError() }
      return cache
    }

    func breakRetrieval() {
      isRetrievalBroken = true
    }
  }

  struct BrokenStorageError: Error {}

  /// The storage this instance reads and writes.
  public nonisolated let storage: Storage

  /// Opens a store over `storage`.
  ///
  /// - Parameter storage: The storage to share.
  public init(storage: Storage) {
    self.storage = storage
  }

  public func deleteCachedFeed() async {
    await storage.write(nil)
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async {
    // The contract keeps a URL relative to a base as its absolute string.
    let absolute = feed.map { image in
      LocalFeedImage(
        id: image.id, description: image.description, location: image.location,
        url: image.url.baseURL == nil
          ? image.url : URL(string: image.url.absoluteString) ?? image.url)
    }
    await storage.write(CachedFeed(feed: absolute, timestamp: timestamp))
  }

  public func retrieve() async throws -> CachedFeed? {
    try await storage.read()
  }

  /// Makes every later retrieve from this storage throw.
  public func breakRetrieval() async {
    await storage.breakRetrieval()
  }
}
