/// A group of specs that run on an implementation when its factory conforms to the capability's
/// protocol, such as a factory that can make its implementation's storage fail.
///
/// Declare each capability once, beside its protocol and its specs, as a static member of
/// `Capability` constrained to your catalog, and list it in ``SpecCatalog/capabilities``:
///
/// ```swift
/// extension Capability where Catalog == ImageDataCacheCatalog {
///   public static var failable: Self { ImageDataCacheCatalog.failable }
/// }
///
/// extension ImageDataCacheCatalog {
///   static let failable = Capability<Self>(
///     "failable",
///     protocolName: "FailableImageDataCacheFactory",
///     provides: "`breakStorage(of:)` and `restoreStorage(of:)`: a real fault in the storage",
///     checks: "inserts and removes on failing storage throw and change nothing",
///     isProvided: { $0 is any FailableImageDataCacheFactory.Type },
///     specs: { failureSpecs })
/// }
/// ```
public struct Capability<Catalog: SpecCatalog>: Sendable, CustomStringConvertible {
  /// The capability's stable name, such as `failable`.
  public let name: String
  /// The protocol a factory conforms to for this capability.
  public let protocolName: String
  /// What a factory provides for it, in a few words, as documentation tables show it.
  public let provides: String
  /// What its specs check, in a few words, as documentation tables show it.
  public let checks: String
  private let isProvided: @Sendable (Catalog.FactoryType) -> Bool
  private let makeSpecs: @Sendable () -> [Spec<Catalog>]

  /// Defines a capability.
  ///
  /// - Parameters:
  ///   - name: The stable name.
  ///   - protocolName: The protocol a factory conforms to for it.
  ///   - provides: What a factory provides, for documentation.
  ///   - checks: What the specs check, for documentation.
  ///   - isProvided: Whether a factory type conforms to the protocol, as a dynamic cast, so that
  ///     a conformance declared in an extension or another module counts.
  ///   - specs: Its specs, made once, when the catalog is first read.
  public init(
    _ name: String,
    protocolName: String,
    provides: String,
    checks: String,
    isProvided: @escaping @Sendable (Catalog.FactoryType) -> Bool,
    specs: @escaping @Sendable () -> [Spec<Catalog>]
  ) {
    self.name = name
    self.protocolName = protocolName
    self.provides = provides
    self.checks = checks
    self.isProvided = isProvided
    self.makeSpecs = specs
  }

  /// Every capability of the catalog, in the order its specs are listed.
  public static var all: [Capability] { Catalog.capabilities }

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
}

extension Capability: Hashable {
  public static func == (first: Self, second: Self) -> Bool { first.name == second.name }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}

extension Capability: Codable {
  /// Decodes a capability from its ``name``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a name no capability of the catalog has.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let capability = Self.all.first(where: { $0.name == name }) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(Catalog.name) has no capability called \(name)")
    }
    self = capability
  }

  /// Encodes the capability as its ``name``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
