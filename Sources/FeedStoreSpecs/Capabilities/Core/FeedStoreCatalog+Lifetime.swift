import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  static let lifetimeSpecs: [FeedStoreSpec] = [
    FeedStoreSpec(
      "lifetime_releasedStoreIsDeallocated", core,
      "A store the spec made, used and released is deallocated once its own pending work is done.",
      notApplicableReason: storeIsValueType(of:)
    ) { (factory: any FeedStoreFactory) in
      let patience = min(SpecRun.operationTimeLimit / 2, longestPatience)
      // A factory that keeps its store and hands it out again is named for that at the second
      // store, rather than waiting out the patience for a store it holds.
      let kept = try await factory.makeEmptyStore()

      let released = try await SpecRun.expectRelease(within: patience) {
        try await makeAndUse(factory)
      }
      withExtendedLifetime(kept) {}

      if !released.isDeallocated {
        SpecRun.recordFailure(
          "Expected the \(released.typeName) the spec released to be deallocated, but it was "
            + "still alive \(patience) later: a reference cycle, a global registry or a task "
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

  /// Makes a store, inserts into it and retrieves from it: a store to let go.
  ///
  /// - Returns: The store, as an object: the spec applies only to stores that are.
  private static func makeAndUse(_ factory: any FeedStoreFactory) async throws -> AnyObject {
    let store = try await factory.makeEmptyStore()
    try await store.insert(FeedStoreFixtures.uniqueCachedFeed(), "insert into a new store")
    _ = try await store.retrieve("retrieve after an insert")
    return store as AnyObject
  }
}
