import ContractSpecs
import FeedCache

/// An operation of `FeedStore`, as the model-based spec names it.
enum FeedOperation: String, Hashable, Sendable {
  case retrieve, insert, delete
}

/// An operation a failable capability breaks, with how to break it: what the model-based spec
/// injects into its sequences.
///
/// Each failable capability declares its own beside its protocol, and its ``CatalogEntry``
/// carries it; ``all`` lists the faults of the catalog's entries.
struct OperationFault: Sendable {
  /// The capability whose factories can inject the fault.
  let capability: FeedStoreCapability
  /// The operation that throws once the fault is injected.
  let operation: FeedOperation
  /// The factory method that injects the fault, as printed steps call it.
  let factoryMethod: String
  private let inject: @Sendable (any FeedStoreFactory, any FeedStore) async throws -> Void

  /// Declares that factories of `Capable`, the protocol of `capability`, can break `operation`
  /// with `factoryMethod`.
  ///
  /// - Parameters:
  ///   - capability: The capability whose factories can inject the fault.
  ///   - operation: The operation that throws once the fault is injected.
  ///   - factoryMethod: The method's name, as printed steps call it.
  ///   - inject: Breaks the operation of a store the factory made.
  init<Capable: Sendable>(
    _ capability: Capability<FeedStoreCatalog, Capable>,
    breaking operation: FeedOperation,
    with factoryMethod: String,
    inject: @escaping @Sendable (Capable, any FeedStore) async throws -> Void
  ) {
    self.capability = AnyCapability(capability)
    self.operation = operation
    self.factoryMethod = factoryMethod
    self.inject = { factory, store in
      guard let capable = factory as? Capable else {
        throw MissingCapability(factoryMethod: factoryMethod, factory: type(of: factory))
      }
      try await inject(capable, store)
    }
  }

  /// Every fault a capability of the catalog can inject.
  static let all: [OperationFault] = FeedStoreCatalog.entries.compactMap(\.fault)

  /// The faults `factory` can inject, in the order of ``all``.
  static func available(to factory: any FeedStoreFactory) -> [OperationFault] {
    all.filter { $0.capability.isProvided(by: type(of: factory)) }
  }

  /// The fault that breaks `operation`.
  static func breaking(_ operation: FeedOperation) -> OperationFault? {
    all.first { $0.operation == operation }
  }

  /// Breaks `store`'s operation through `factory`'s capability.
  ///
  /// - Throws: What injecting the fault throws, or ``MissingCapability`` when `factory` does
  ///   not have it.
  func inject(into store: any FeedStore, using factory: any FeedStoreFactory) async throws {
    try await inject(factory, store)
  }

  /// Thrown when a sequence breaks an operation its factory cannot make fail.
  struct MissingCapability: Error, CustomStringConvertible {
    let factoryMethod: String
    let factory: any FeedStoreFactory.Type

    var description: String { "\(factory) has no \(factoryMethod)(for:)" }
  }
}
