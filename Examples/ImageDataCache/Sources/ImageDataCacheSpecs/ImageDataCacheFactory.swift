import ContractSpecs
import ImageDataCaching

/// Makes new, empty caches of one ``ImageDataCache`` type for the specs to check.
///
/// Conform a factory to it to run every core spec on your cache, and to the capability protocols
/// your cache really has, ``FailableImageDataCacheFactory`` and
/// ``PersistentImageDataCacheFactory``, to run theirs too. Make it `Codable` as well, and
/// `verifyInChildProcess` runs each spec in a process of its own.
///
/// ```swift
/// struct MyCacheFactory: ImageDataCacheFactory, Codable {
///   func makeCache() -> MyCache { MyCache() }
/// }
/// ```
public protocol ImageDataCacheFactory: Sendable {
  /// The type of cache the factory makes.
  associatedtype Cache: ImageDataCache

  /// Makes a cache that holds no data and shares nothing with any cache made before it.
  ///
  /// Specs run in parallel: two caches from this method never see each other's data.
  ///
  /// - Returns: A new, empty cache.
  /// - Throws: An error when the cache cannot be made; the spec then fails with it.
  func makeCache() async throws -> Cache
}

extension ImageDataCacheCatalog {
  public static let core = Capability<ImageDataCacheCatalog, any ImageDataCacheFactory>(
    "core",
    provides: "`makeCache()`: a new, empty cache that shares nothing",
    checks: "retrieve, insert and remove on a working cache; URLs as keys, to the byte; exact "
      + "round trips of every byte value and of sizes beside powers of two; caches from two "
      + "`makeCache()` calls share nothing; concurrent writers and readers never see a mix; the "
      + "model-based spec",
    isProvided: { _ in true },
    specs: {
      retrieveSpecs + insertSpecs + removeSpecs + urlSpecs + isolationSpecs + roundTripSpecs
        + concurrencySpecs + modelSpecs
    })
}
