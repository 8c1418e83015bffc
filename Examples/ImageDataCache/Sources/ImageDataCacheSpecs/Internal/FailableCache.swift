import ContractSpecs
import Foundation
import ImageDataCaching

/// A cache from a failable factory, with its factory's fault as two closures, so that a spec
/// uses it without opening the factory's type.
struct FailableCache {
  let cache: any ImageDataCache
  let breakStorage: () async throws -> Void
  let restoreStorage: () async throws -> Void
}

extension FailableImageDataCacheFactory {
  /// A new cache, and the fault of its storage.
  func makeFailableCache() async throws -> FailableCache {
    let cache = try await SpecRun.perform("makeCache()") { try await makeCache() }
    return FailableCache(
      cache: cache,
      breakStorage: {
        try await SpecRun.perform("breakStorage(of:)") { try await breakStorage(of: cache) }
      },
      restoreStorage: {
        try await SpecRun.perform("restoreStorage(of:)") { try await restoreStorage(of: cache) }
      })
  }

  /// A new cache holding `data` for `url`, whose storage then fails.
  func makeCacheWithFailingStorage(holding data: Data, for url: URL) async throws -> FailableCache {
    let sut = try await makeFailableCache()
    try await sut.cache.insert(data, for: url, "insert of \(describe(data)) for \(quoted(url))")
    try await sut.breakStorage()
    return sut
  }
}
