import ContractSpecs
import ImageDataCaching

/// The ``ImageDataCache`` contract's specs as one catalog of the ContractSpecs engine: its factory
/// protocol, its capabilities, and how a run is configured.
///
/// Use it through ``ImageDataCacheSpec``: `ImageDataCacheSpec.all(for: MyCacheFactory.self)`. A
/// run reads `IMAGECACHE_SPEC_PROFILE` (`quick` or `thorough`), `IMAGECACHE_SPEC_SEED` (a seed to
/// replay) and `IMAGECACHE_SPEC_SEQUENCES` (random sequences per seed in the model-based spec).
public enum ImageDataCacheCatalog: SpecCatalog {
  public typealias Factory = any ImageDataCacheFactory
  public typealias FactoryType = any ImageDataCacheFactory.Type

  public static let name = "ImageDataCacheSpec"
  public static let environmentPrefix = "IMAGECACHE_SPEC"

  /// Every capability, in the order the catalog lists their specs.
  public static let capabilities = [
    AnyCapability(core), AnyCapability(failable), AnyCapability(persistent),
  ]
}

/// One behavior of the ``ImageDataCache`` contract, ready to run against a factory's caches.
///
/// ```swift
/// @Test(arguments: ImageDataCacheSpec.all(for: MyCacheFactory.self))
/// func myCacheConforms(to spec: ImageDataCacheSpec) async throws {
///   try await spec.verify(MyCacheFactory())
/// }
/// ```
public typealias ImageDataCacheSpec = Spec<ImageDataCacheCatalog>

/// A group of ``ImageDataCacheSpec``s, run on a cache when its factory conforms to the group's
/// protocol.
public typealias ImageDataCacheCapability = AnyCapability<ImageDataCacheCatalog>
