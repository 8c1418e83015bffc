import FeedCache

/// An operation a factory's stores can be made to fail, as the model-based spec injects it.
enum ModelFault: String, CaseIterable, Sendable {
  case retrieve, insert, delete

  /// The faults `factory` can inject, in a stable order.
  static func available(to factory: any FeedStoreFactory) -> [ModelFault] {
    allCases.filter { $0.capability.isProvided(by: type(of: factory)) }
  }

  var capability: FeedStoreCapability {
    switch self {
    case .retrieve: .failableRetrieve
    case .insert: .failableInsert
    case .delete: .failableDelete
    }
  }

  /// The factory method that injects this fault, as printed steps call it.
  var factoryMethod: String {
    switch self {
    case .retrieve: "makeRetrievalFail"
    case .insert: "makeInsertionFail"
    case .delete: "makeDeletionFail"
    }
  }

  /// Breaks `store`'s operation through `factory`'s capability.
  ///
  /// - Throws: What injecting the fault throws, or ``MissingCapability`` when `factory` does
  ///   not have it.
  func inject(into store: any FeedStore, using factory: any FeedStoreFactory) async throws {
    switch (self, factory) {
    case (.retrieve, let factory as any FailableRetrieveFeedStoreFactory):
      try await factory.breakRetrieval(of: store)
    case (.insert, let factory as any FailableInsertFeedStoreFactory):
      try await factory.breakInsertion(of: store)
    case (.delete, let factory as any FailableDeleteFeedStoreFactory):
      try await factory.breakDeletion(of: store)
    default:
      throw MissingCapability(fault: self, factory: type(of: factory))
    }
  }

  /// Thrown when a sequence breaks an operation its factory cannot make fail.
  struct MissingCapability: Error, CustomStringConvertible {
    let fault: ModelFault
    let factory: any FeedStoreFactory.Type

    var description: String {
      "\(factory) does not conform to \(fault.capability.protocolName)"
    }
  }
}

extension FailableRetrieveFeedStoreFactory {
  func breakRetrieval(of store: any FeedStore) async throws {
    try await makeRetrievalFail(for: own(store))
  }
}

extension FailableInsertFeedStoreFactory {
  func breakInsertion(of store: any FeedStore) async throws {
    try await makeInsertionFail(for: own(store))
  }
}

extension FailableDeleteFeedStoreFactory {
  func breakDeletion(of store: any FeedStore) async throws {
    try await makeDeletionFail(for: own(store))
  }
}
