/// A group of specs, run on a store when its factory conforms to the capability's protocol.
///
/// Each capability is defined once, beside its protocol, with its specs: adding one is a new file
/// and a line in ``all``.
public struct FeedStoreCapability: Sendable, CustomStringConvertible {
  /// The capability's stable name, such as `failableDelete`.
  public let name: String
  /// The protocol a factory conforms to for this capability, such as
  /// `FailableDeleteFeedStoreFactory`.
  public let protocolName: String
  /// What a factory provides for it, in a few words, as the documentation's tables show it.
  package let provides: String
  /// What its specs check, in a few words, as the documentation's tables show it.
  package let checks: String
  private let isProvided: @Sendable (any FeedStoreFactory.Type) -> Bool
  private let makeSpecs: @Sendable () -> [FeedStoreSpec]
  /// The operation the capability breaks, when it is one the model-based spec can inject.
  let fault: OperationFault?

  /// Defines a capability.
  ///
  /// - Parameters:
  ///   - name: The stable name.
  ///   - protocolName: The protocol a factory conforms to for it.
  ///   - provides: What a factory provides, for the documentation.
  ///   - checks: What the specs check, for the documentation.
  ///   - isProvided: Whether a factory type conforms to the protocol, as a dynamic cast.
  ///   - fault: The operation it breaks, for the model-based spec.
  ///   - specs: Its specs, made once when the catalog is first read.
  init(
    _ name: String,
    protocolName: String,
    provides: String,
    checks: String,
    isProvided: @escaping @Sendable (any FeedStoreFactory.Type) -> Bool,
    fault: OperationFault? = nil,
    specs: @escaping @Sendable () -> [FeedStoreSpec]
  ) {
    self.name = name
    self.protocolName = protocolName
    self.provides = provides
    self.checks = checks
    self.isProvided = isProvided
    self.fault = fault
    self.makeSpecs = specs
  }

  /// Every capability, in the order the catalog lists their specs.
  public static let all: [FeedStoreCapability] = [
    .core, .failableRetrieve, .failableInsert, .failableDelete, .persistent, .damagedStorage,
    .crashSafety,
  ]

  /// Whether factories of `factoryType` have this capability.
  ///
  /// The check is a dynamic cast, so it sees a conformance wherever it is declared: in the
  /// factory's own declaration, in an extension, or in another module.
  ///
  /// - Parameter factoryType: The factory to ask about.
  /// - Returns: `true` when `factoryType` conforms to this capability's protocol.
  public func isProvided(by factoryType: any FeedStoreFactory.Type) -> Bool {
    isProvided(factoryType)
  }

  /// The capability's specs, in a stable order.
  var specs: [FeedStoreSpec] { makeSpecs() }

  public var description: String { name }
}

extension FeedStoreCapability: Hashable {
  public static func == (first: Self, second: Self) -> Bool { first.name == second.name }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}

extension FeedStoreCapability: Codable {
  /// Decodes a capability from its ``name``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a name no capability of ``all`` has.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let capability = Self.all.first(where: { $0.name == name }) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "No capability is called \(name)")
    }
    self = capability
  }

  /// Encodes the capability as its ``name``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
