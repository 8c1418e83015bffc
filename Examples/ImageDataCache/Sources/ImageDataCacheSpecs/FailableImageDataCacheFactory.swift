import ContractSpecs
import ImageDataCaching

/// A factory that can make the storage of its caches fail for real, so that the failure specs
/// run: a cache that cannot fail never conforms.
///
/// Break the storage where the cache meets it, as the system would: a file where the cache's
/// directory should be, a file system that refuses writes. A wrapper that throws before the cache
/// is reached proves nothing about the cache.
///
/// ```swift
/// extension MyFileCacheFactory: FailableImageDataCacheFactory {
///   func breakStorage(of cache: MyFileCache) throws { … a file in place of the directory … }
///   func restoreStorage(of cache: MyFileCache) throws { … the directory back, as it was … }
/// }
/// ```
public protocol FailableImageDataCacheFactory: ImageDataCacheFactory {
  /// Makes every later insert, retrieve and remove of `cache` meet a failing storage, until
  /// ``restoreStorage(of:)``.
  ///
  /// - Parameter cache: A cache this factory made.
  /// - Throws: An error when the fault cannot be made; the spec then fails with it.
  func breakStorage(of cache: Cache) async throws

  /// Undoes ``breakStorage(of:)``: the storage is again as it was when it broke.
  ///
  /// - Parameter cache: A cache whose storage this factory broke.
  /// - Throws: An error when the storage cannot be restored; the spec then fails with it.
  func restoreStorage(of cache: Cache) async throws
}

extension ImageDataCacheCatalog {
  public static let failable = Capability<ImageDataCacheCatalog, any FailableImageDataCacheFactory>(
    "failable",
    provides: "`breakStorage(of:)` and `restoreStorage(of:)`: a real fault in the storage",
    checks: "inserts and removes on failing storage throw and change nothing; a retrieve that "
      + "cannot read throws instead of delivering nil; errors name the URL (recommended)",
    isProvided: { $0 is any FailableImageDataCacheFactory.Type },
    specs: { failureSpecs })
}
