/// Makes fresh, empty, isolated stores of one `FeedStore` type, for the specs to check and the
/// benchmark to measure.
///
/// One factory serves both: `FeedStoreSpecs` runs every spec that applies against the stores it
/// makes, and `FeedStoreBenchmark` times them beside the floors. Conform it as well to the spec
/// library's capability protocols that your store really has to run their specs too;
/// `FeedStoreSpec.all(for:)` finds those conformances when the tests run, wherever they are
/// declared: in the factory's declaration, in an extension, or in another module.
///
/// ```swift
/// struct MyStoreFactory: FeedStoreFactory {
///   func makeStore() -> MyStore { MyStore() }
/// }
/// ```
///
/// Make the factory `Codable` as well, and the spec library's `verifyInChildProcess` can run
/// each spec in a process of its own, so a store that traps fails one spec only.
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
