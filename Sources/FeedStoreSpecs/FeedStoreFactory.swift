import ContractSpecs
import FeedCache

/// Makes fresh, empty, isolated stores of one `FeedStore` type for the specs to check.
///
/// Conform a factory to this protocol to run every core spec against your store, and to the
/// capability protocols your store really has to run theirs as well (``FeedStoreCatalog/capabilities``
/// lists them). `FeedStoreSpec.all(for:)` finds those conformances when the tests run, wherever
/// they are declared: in the factory's declaration, in an extension, or in another module.
///
/// ```swift
/// struct MyStoreFactory: FeedStoreFactory {
///   func makeStore() -> MyStore { MyStore() }
/// }
/// ```
///
/// Make the factory `Codable` as well, and `verifyInChildProcess`
/// can run each spec in a process of its own, so a store that traps fails one spec only.
public protocol FeedStoreFactory: Sendable {
  /// The type of store this factory makes.
  associatedtype Store: FeedStore

  /// Makes a store that holds nothing and shares nothing with any store made before it.
  ///
  /// Specs run in parallel: two stores from this method must never see each other's cache.
  ///
  /// - Returns: A new, empty store.
  /// - Throws: An error when the store cannot be made; the spec then fails with it.
  func makeStore() async throws -> Store
}

extension FeedStoreCapability {
  /// Retrieve, insert and delete on a working store, exact round trips, concurrent use, the
  /// store's lifetime and the model-based spec: every ``FeedStoreFactory``.
  public static var core: Self {
    FeedStoreCapability(
      "core",
      protocolName: "FeedStoreFactory",
      provides: "`makeStore()`: a fresh, empty, isolated store",
      checks: "retrieve, insert and delete on a working store, never skipping a write as "
        + "unchanged; stores from two `makeStore()` calls share nothing; exact round trips of "
        + "hard values (Unicode, odd URLs, extreme timestamps to the bit), of large feeds and of "
        + "sizes beside powers of two; refusal of values the store cannot read back; concurrent "
        + "writers and readers never see a mixed feed; a released store is deallocated; the "
        + "model-based spec",
      isProvided: { _ in true },
      specs: {
        FeedStoreCatalog.retrieveSpecs + FeedStoreCatalog.insertSpecs
          + FeedStoreCatalog.deleteSpecs + FeedStoreCatalog.isolationSpecs
          + FeedStoreCatalog.roundTripSpecs + FeedStoreCatalog.boundarySpecs
          + FeedStoreCatalog.concurrencySpecs + FeedStoreCatalog.lifetimeSpecs
          + FeedStoreCatalog.modelSpecs
      })
  }
}
