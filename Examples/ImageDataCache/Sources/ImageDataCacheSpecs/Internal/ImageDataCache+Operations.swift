import ContractSpecs
import Foundation
import ImageDataCaching

/// The cache's operations as a spec waits for them: through `SpecRun.perform`, named as a failure
/// would say them.
extension ImageDataCache {
  func insert(_ data: Data, for url: URL, _ operation: String) async throws {
    try await SpecRun.perform(operation) { try await insert(data, for: url) }
  }

  func retrieve(dataFor url: URL, _ operation: String) async throws -> Data? {
    try await SpecRun.perform(operation) { try await retrieve(dataFor: url) }
  }

  func remove(dataFor url: URL, _ operation: String) async throws {
    try await SpecRun.perform(operation) { try await remove(dataFor: url) }
  }

  /// Inserts data of its own for each of `urls`, each of a different size.
  ///
  /// - Returns: The data inserted for each URL, in the order of `urls`.
  func insertDistinctData(for urls: [URL]) async throws -> [Data] {
    var inserted: [Data] = []
    for (number, url) in urls.enumerated() {
      let data = SpecValues.data(number, count: 10 + number)
      try await insert(data, for: url, "insert of \(describe(data)) for \(quoted(url))")
      inserted.append(data)
    }
    return inserted
  }
}

extension ImageDataCacheFactory {
  /// A new cache, waited for as `makeCache()`.
  func makeCacheForSpec() async throws -> any ImageDataCache {
    try await SpecRun.perform("makeCache()") { try await makeCache() }
  }
}
