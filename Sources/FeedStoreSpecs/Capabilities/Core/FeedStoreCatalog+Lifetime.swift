import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let lifetimeSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "lifetime_releasedStoreIsDeallocated", .core,
      "A store the spec made, used and released is deallocated once its own pending work is done.",
      notApplicableReason: storeIsValueType(of:)
    ) { (factory: any FeedStoreFactory) in
      let (released, storeType) = try await makeUseAndRelease(factory)
      let patience = min(SpecRun.operationTimeLimit / 2, longestPatience)

      let deallocated = try await SpecRun.perform(
        "the deallocation of a released \(storeType)"
      ) {
        try await Patience.wait(atMost: patience) { released.isDeallocated }
      }

      if !deallocated {
        SpecRun.recordFailure(
          "Expected the \(storeType) the spec released to be deallocated, but it was still alive "
            + "\(patience) later: a reference cycle, a global registry or a task "
            + "that never ends usually holds a store")
      }
    }
  ]

  /// How long a released store may take to go at most: a store closes its files on its own
  /// queue after release, in milliseconds; half the operation time limit, when that is shorter.
  private static let longestPatience = Duration.seconds(5)

  /// Why the lifetime spec does not apply to the factory's stores: they are values.
  private static func storeIsValueType(of factoryType: any FeedStoreFactory.Type) -> String? {
    func reason<Factory: FeedStoreFactory>(_: Factory.Type) -> String? {
      Factory.Store.self is AnyObject.Type
        ? nil : "\(Factory.Store.self) is a value type, which has nothing to release"
    }
    return reason(factoryType)
  }

  /// Makes a store, inserts into it and retrieves from it, and lets it go.
  ///
  /// - Returns: A weak reference to the store, and its type's name.
  private static func makeUseAndRelease(_ factory: any FeedStoreFactory) async throws -> (
    WeakReference, String
  ) {
    let store = try await factory.makeEmptyStore()
    try await store.insert(FeedStoreFixtures.uniqueCachedFeed(), "insert into a new store")
    _ = try await store.retrieve("retrieve after an insert")
    return (WeakReference(store as AnyObject), "\(type(of: store))")
  }
}

/// A weak reference to a released store, to watch it go.
///
/// `@unchecked Sendable` is safe: the object is never used through this reference, only compared
/// with `nil`, and the Swift runtime loads and clears weak references atomically.
private final class WeakReference: @unchecked Sendable {
  private weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }

  var isDeallocated: Bool { object == nil }
}
