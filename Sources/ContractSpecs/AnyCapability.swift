/// A capability of a catalog, whatever factory protocol its specs take: what a catalog lists,
/// and what a ``Spec`` says it needs.
///
/// ```swift
/// public static let capabilities = [AnyCapability(core), AnyCapability(failable)]
/// ```
public struct AnyCapability<Catalog: SpecCatalog>: Sendable, Hashable, CustomStringConvertible {
  /// The capability's stable name, such as `failable`.
  public let name: String
  /// The protocol a factory conforms to for this capability.
  public var protocolName: String { spellProtocolName() }
  /// What a factory provides for it, in a few words, as documentation tables show it.
  public let provides: String
  /// What its specs check, in a few words, as documentation tables show it.
  public let checks: String
  private let isProvided: @Sendable (Catalog.FactoryType) -> Bool
  private let makeSpecs: @Sendable () -> [Spec<Catalog>]
  /// Spells the protocol's name when a message or a table asks for it: spelling a type costs
  /// more than making the rest of the capability, and a child process makes every capability
  /// of its catalog to run one spec.
  private let spellProtocolName: @Sendable () -> String

  /// The capability `capability`, without the type of its factory protocol.
  ///
  /// - Parameter capability: A capability of the catalog.
  public init<Factory>(_ capability: Capability<Catalog, Factory>) {
    name = capability.name
    spellProtocolName = { capability.protocolName }
    provides = capability.provides
    checks = capability.checks
    isProvided = capability.isProvided
    makeSpecs = capability.makeSpecs
  }

  /// Every capability of the catalog, in the order its specs are listed.
  public static var all: [AnyCapability] { Catalog.capabilities }

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

  /// The capability's specs, made anew; ``Spec/catalog`` keeps them.
  var specs: [Spec<Catalog>] { makeSpecs() }

  public var description: String { name }

  public static func == (first: Self, second: Self) -> Bool { first.name == second.name }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}
