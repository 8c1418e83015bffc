import ContractSpecs
import FeedCache

/// The `FeedStore` contract's specs as one catalog of the ContractSpecs engine: its factory
/// protocol, its capabilities, and how a run is configured.
///
/// Adopters use it through ``FeedStoreSpec``: `FeedStoreSpec.all(for: MyStoreFactory.self)`.
/// The environment variables of a run are `FEEDSTORE_SPEC_PROFILE` (`quick` or `thorough`),
/// `FEEDSTORE_SPEC_SEED` (a seed to replay) and `FEEDSTORE_SPEC_SEQUENCES` (random sequences per
/// seed in the model-based spec).
public enum FeedStoreCatalog: SpecCatalog {
  public typealias Factory = any FeedStoreFactory
  public typealias FactoryType = any FeedStoreFactory.Type

  public static let name = "FeedStoreSpec"
  public static let environmentPrefix = "FEEDSTORE_SPEC"

  /// Every capability, in the order the catalog lists their specs.
  public static let capabilities: [FeedStoreCapability] = entries.map(\.capability)

  /// The capabilities as the catalog lists them, each declared in its folder under
  /// `Capabilities/` with what the catalog derives from it: a failable capability's fault.
  static let entries: [CatalogEntry] = [
    .core, .failableRetrieve, .failableInsert, .failableDelete, .persistent, .damagedStorage,
    .crashSafety,
  ]

  /// 60 seconds in the quick profile and 120 in the thorough one, whose feeds are 50 times
  /// larger: far above the slowest honest operation of this repository's stores, the thorough
  /// profile's insert of 100,000 images into the JSON file store under the thread sanitizer.
  ///
  /// A store that deadlocks costs a spec the limit, and hung specs wait in parallel, so a
  /// catalogue that deadlocks throughout ends in about one limit: two minutes, not five, in the
  /// thorough profile that CI runs.
  public static func operationTimeLimit(in profile: SpecProfile) -> Duration {
    profile == .quick ? .seconds(60) : .seconds(120)
  }
}

/// One behavior of the `FeedStore` contract, ready to run against a factory's stores.
///
/// Pass ``Spec/all(for:)`` to a parameterized test to run every spec your factory's capabilities
/// call for, each as its own named test case:
///
/// ```swift
/// @Test(arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
/// func myStoreConforms(to spec: FeedStoreSpec) async throws {
///   try await spec.verify(MyStoreFactory())
/// }
/// ```
public typealias FeedStoreSpec = Spec<FeedStoreCatalog>

/// A group of `FeedStore` specs, run on a store when its factory conforms to the capability's
/// protocol, whatever that protocol is; ``FeedStoreCatalog/capabilities`` lists them.
public typealias FeedStoreCapability = AnyCapability<FeedStoreCatalog>

/// One capability as ``FeedStoreCatalog/entries`` lists it, with what the catalog derives from
/// it, so that the fact is written once: a failable capability carries the fault the model-based
/// spec injects through it.
struct CatalogEntry: Sendable {
  let capability: FeedStoreCapability
  /// The fault of a failable capability, or `nil`.
  let fault: OperationFault?

  init<Factory>(_ capability: Capability<FeedStoreCatalog, Factory>, fault: OperationFault? = nil) {
    self.capability = AnyCapability(capability)
    self.fault = fault
  }
}

/// The profiles the specs run in, `quick` and `thorough`, chosen by `FEEDSTORE_SPEC_PROFILE` or
/// pinned with the `.specProfile(_:)` trait.
public typealias FeedStoreSpecProfile = SpecProfile
