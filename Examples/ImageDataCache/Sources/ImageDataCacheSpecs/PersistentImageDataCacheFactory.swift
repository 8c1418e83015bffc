import ContractSpecs
import ImageDataCaching

/// A factory whose caches keep their data in storage that a second instance can open, as another
/// process or a later launch would, so that the persistence specs run.
///
/// ```swift
/// extension MyFileCacheFactory: PersistentImageDataCacheFactory {
///   func makeCache(sharingStorageWith cache: MyFileCache) -> MyFileCache {
///     MyFileCache(directory: cache.directory)
///   }
/// }
/// ```
public protocol PersistentImageDataCacheFactory: ImageDataCacheFactory {
  /// Makes a new instance over the storage of `cache`, which stays in use.
  ///
  /// - Parameter cache: A cache this factory made.
  /// - Returns: A second instance over the same storage.
  /// - Throws: An error when the instance cannot be made; the spec then fails with it.
  func makeCache(sharingStorageWith cache: Cache) async throws -> Cache
}

extension ImageDataCacheCatalog {
  public static let persistent = Capability<
    ImageDataCacheCatalog, any PersistentImageDataCacheFactory
  >(
    "persistent",
    provides: "`makeCache(sharingStorageWith:)`: a second instance over a cache's storage",
    checks: "a second instance sees the first's inserts and removes; the latest insert through "
      + "either wins; concurrent writers and readers through both never see a mix",
    isProvided: { $0 is any PersistentImageDataCacheFactory.Type },
    specs: { persistenceSpecs })
}

extension PersistentImageDataCacheFactory {
  /// A second instance over the storage of `cache`, which this factory made.
  ///
  /// - Throws: ``ForeignCache`` when another factory made `cache`, or what opening throws.
  func makeCache(sharingStorageWithAny cache: any ImageDataCache) async throws -> Cache {
    guard let own = cache as? Cache else { throw ForeignCache(factory: Self.self) }
    return try await makeCache(sharingStorageWith: own)
  }
}

/// Thrown when a factory is handed a cache it did not make.
struct ForeignCache: Error, CustomStringConvertible {
  let factory: any PersistentImageDataCacheFactory.Type

  var description: String { "\(factory) can open instances only over caches it made" }
}
