import FeedCache

/// Makes fresh, empty, isolated stores of one `FeedStore` type for the specs to check.
///
/// Conform a factory to this protocol to run every core spec against your store, and to the
/// capability protocols your store really has to run theirs as well:
/// ``FailableRetrieveFeedStoreFactory``, ``FailableInsertFeedStoreFactory``,
/// ``FailableDeleteFeedStoreFactory`` (together ``FailableFeedStoreFactory``) and
/// ``PersistentFeedStoreFactory``. ``FeedStoreSpec/all(for:)`` finds those conformances when
/// the tests run, wherever they are declared: in the factory's declaration, in an extension, or
/// in another module.
///
/// ```swift
/// struct MyStoreFactory: FeedStoreFactory {
///   func makeStore() -> MyStore { MyStore() }
/// }
/// ```
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
