/// The specs of one contract: the factory protocol they take, the capabilities that choose them,
/// and how a run of them is configured.
///
/// A catalog is a type with no values, usually an enum, that names these once. Every other part of
/// the library, ``Spec``, ``Capability``, the profiles, known deviations and the child-process form,
/// is generic over it, so a contract's own library holds only what is about its contract:
///
/// ```swift
/// public enum ImageDataCacheCatalog: SpecCatalog {
///   public typealias Factory = any ImageDataCacheFactory
///   public typealias FactoryType = any ImageDataCacheFactory.Type
///   public static let name = "ImageDataCacheSpec"
///   public static let environmentPrefix = "IMAGECACHE_SPEC"
///   public static let capabilities = [
///     AnyCapability(core), AnyCapability(failable), AnyCapability(persistent),
///   ]
/// }
///
/// public typealias ImageDataCacheSpec = Spec<ImageDataCacheCatalog>
/// ```
public protocol SpecCatalog: SendableMetatype {
  /// The factory every spec takes, as the existential of the catalog's root factory protocol,
  /// such as `any ImageDataCacheFactory`.
  associatedtype Factory: Sendable
  /// The metatype of a factory type, as an existential metatype, such as
  /// `any ImageDataCacheFactory.Type`: what ``Spec/all(for:)`` takes.
  associatedtype FactoryType

  /// The name failures and reports use for the catalog's specs, such as `ImageDataCacheSpec`.
  static var name: String { get }

  /// The prefix of the environment variables that configure a run of the catalog.
  ///
  /// `IMAGECACHE_SPEC` makes the library read `IMAGECACHE_SPEC_PROFILE` (the ``SpecProfile``),
  /// `IMAGECACHE_SPEC_SEED` (a seed to replay) and `IMAGECACHE_SPEC_SEQUENCES` (how many random
  /// sequences a model-based spec runs).
  static var environmentPrefix: String { get }

  /// Every capability, in the order the catalog lists their specs: the first is the one every
  /// factory of the catalog has, whose specs take ``Factory``.
  static var capabilities: [AnyCapability<Self>] { get }

  /// How long one operation of a spec may take in `profile` before the spec calls it hung.
  ///
  /// Make it far longer than an honest implementation's slowest operation in that profile under
  /// the thread sanitizer on a loaded machine: the limit exists only to turn a hang into a failure
  /// of the spec instead of a stalled run. The default is 60 seconds in both profiles.
  ///
  /// - Parameter profile: The profile of the run.
  /// - Returns: The longest time one operation may take.
  static func operationTimeLimit(in profile: SpecProfile) -> Duration
}

extension SpecCatalog {
  public static func operationTimeLimit(in profile: SpecProfile) -> Duration {
    .seconds(60)
  }
}
