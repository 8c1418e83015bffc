import ContractSpecs
import ImageDataCaching

/// A cache from a persistent factory, and how to open another instance over its storage, so that
/// a spec uses it without opening the factory's type.
struct SharedStorage {
  let first: any ImageDataCache
  let openAnother: () async throws -> any ImageDataCache
}

extension PersistentImageDataCacheFactory {
  /// A new cache, and a way to open more instances over its storage.
  func makeSharedStorage() async throws -> SharedStorage {
    let cache = try await SpecRun.perform("makeCache()") { try await makeCache() }
    return SharedStorage(
      first: cache,
      openAnother: {
        try await SpecRun.perform("makeCache(sharingStorageWith:)") {
          try await makeCache(sharingStorageWith: cache)
        }
      })
  }
}
