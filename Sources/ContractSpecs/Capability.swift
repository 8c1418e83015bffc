/// A group of specs that run on an implementation when its factory conforms to `Factory`, the
/// capability's protocol, such as a factory that can make its implementation's storage fail.
///
/// A spec of the capability takes a `Factory`, so the compiler ties the two: a spec cannot be
/// listed under one capability and take another's factory. Declare each capability once, as a
/// static constant of your catalog, beside its protocol and its specs, and list it in
/// ``SpecCatalog/capabilities``:
///
/// ```swift
/// extension ImageDataCacheCatalog {
///   public static let failable = Capability<Self, any FailableImageDataCacheFactory>(
///     "failable",
///     provides: "`breakStorage(of:)` and `restoreStorage(of:)`: a real fault in the storage",
///     checks: "inserts and removes on failing storage throw and change nothing",
///     isProvided: { $0 is any FailableImageDataCacheFactory.Type },
///     specs: { failureSpecs })
/// }
/// ```
///
/// The capability every factory of the catalog has, listed first, takes the catalog's own
/// ``SpecCatalog/Factory`` and is provided to every factory type: `isProvided: { _ in true }`.
public struct Capability<Catalog: SpecCatalog, Factory: Sendable>: Sendable,
  CustomStringConvertible
{
  /// The capability's stable name, such as `failable`.
  public let name: String
  /// What a factory provides for it, in a few words, as documentation tables show it.
  public let provides: String
  /// What its specs check, in a few words, as documentation tables show it.
  public let checks: String
  let isProvided: @Sendable (Catalog.FactoryType) -> Bool
  let makeSpecs: @Sendable () -> [Spec<Catalog>]

  /// Defines a capability whose specs take a `Factory`.
  ///
  /// - Parameters:
  ///   - name: The stable name.
  ///   - provides: What a factory provides, for documentation.
  ///   - checks: What the specs check, for documentation.
  ///   - isProvided: Whether a factory type conforms to `Factory`'s protocol, as a dynamic cast
  ///     (`$0 is any MyFactory.Type`), so that a conformance declared in an extension or another
  ///     module counts.
  ///   - specs: Its specs, made once, when the catalog is first read.
  public init(
    _ name: String,
    provides: String,
    checks: String,
    isProvided: @escaping @Sendable (Catalog.FactoryType) -> Bool,
    specs: @escaping @Sendable () -> [Spec<Catalog>]
  ) {
    self.name = name
    self.provides = provides
    self.checks = checks
    self.isProvided = isProvided
    self.makeSpecs = specs
  }

  /// The protocol a factory conforms to for this capability, such as
  /// `FailableImageDataCacheFactory`.
  public var protocolName: String {
    let name = String(describing: Factory.self)
    return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
  }

  /// Whether factories of `factoryType` have this capability.
  ///
  /// The check is a dynamic cast, so it sees a conformance wherever it is declared: in the
  /// factory's own declaration, in an extension, or in another module.
  ///
  /// - Parameter factoryType: The factory to ask about.
  /// - Returns: `true` when `factoryType` conforms to this capability's protocol.
  public func isProvided(by factoryType: Catalog.FactoryType) -> Bool {
    isProvided(factoryType)
  }

  public var description: String { name }
}
