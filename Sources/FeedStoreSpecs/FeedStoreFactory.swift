import FeedCache
import Testing

/// Makes fresh, empty, isolated stores of one ``FeedCache/FeedStore`` type for the specs to check.
///
/// Conform a factory to this protocol to run every core spec against your store, and to the
/// capability protocols your store really has to run theirs as well:
/// ``FailableRetrieveFeedStoreFactory``, ``FailableInsertFeedStoreFactory``,
/// ``FailableDeleteFeedStoreFactory`` (together ``FailableFeedStoreFactory``) and
/// ``PersistentFeedStoreFactory``. ``FeedStoreSpec/all(for:)`` picks the specs from those
/// conformances at compile time, so declare the capability conformances in the same module as
/// this one.
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
  /// - Throws: An error when the store cannot be made; the spec then fails with it.
  func makeStore() async throws -> Store

  /// The specs of ``FailableRetrieveFeedStoreFactory``. Provided by the library; do not implement.
  static var _failableRetrieveSpecs: [FeedStoreSpec<Self>] { get }
  /// The specs of ``FailableInsertFeedStoreFactory``. Provided by the library; do not implement.
  static var _failableInsertSpecs: [FeedStoreSpec<Self>] { get }
  /// The specs of ``FailableDeleteFeedStoreFactory``. Provided by the library; do not implement.
  static var _failableDeleteSpecs: [FeedStoreSpec<Self>] { get }
  /// The specs of ``PersistentFeedStoreFactory``. Provided by the library; do not implement.
  static var _persistenceSpecs: [FeedStoreSpec<Self>] { get }
}

// A factory without a capability runs none of its specs. Each capability protocol refines
// `FeedStoreFactory` and provides a more specific witness, which the compiler picks for every
// factory that conforms to it: that is how `FeedStoreSpec.all(for:)` composes capabilities
// without casts, and why a store that cannot fail never meets a failure spec.
extension FeedStoreFactory {
  public static var _failableRetrieveSpecs: [FeedStoreSpec<Self>] { [] }
  public static var _failableInsertSpecs: [FeedStoreSpec<Self>] { [] }
  public static var _failableDeleteSpecs: [FeedStoreSpec<Self>] { [] }
  public static var _persistenceSpecs: [FeedStoreSpec<Self>] { [] }
}
