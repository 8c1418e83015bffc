import FeedCache
import Testing

/// One behavior of the `FeedStore` contract, ready to run against a factory's stores.
///
/// Pass ``all(for:)`` to a parameterized test to run every spec your factory's capabilities call
/// for, each as its own named test case:
///
/// ```swift
/// @Test(arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
/// func myStoreConforms(to spec: FeedStoreSpec) async throws {
///   try await spec.verify(MyStoreFactory())
/// }
/// ```
///
/// To run one spec in a test of your own, look it up by its ``id`` with ``named(_:)``.
public struct FeedStoreSpec: Identifiable, Sendable {
  /// The spec's stable name, such as `insert_overridesPreviouslyInsertedCache`.
  ///
  /// It is how a test runner re-runs one case, so it never changes once published.
  public let id: String
  /// The capability a factory needs for this spec to apply to its stores.
  public let capability: FeedStoreCapability
  /// The behavior in one sentence, as reports show it.
  public let summary: String
  private let body: @Sendable (any FeedStoreFactory, SourceLocation) async throws -> Void

  /// Defines a spec of `capability` whose `body` runs only with factories that have it.
  ///
  /// - Parameters:
  ///   - id: The stable name.
  ///   - capability: The capability the spec needs.
  ///   - summary: The behavior in one sentence.
  ///   - capable: Casts a factory to the capability's protocol, or gives `nil`.
  ///   - body: Checks the behavior, recording an issue at the source location it is given.
  init<Capable: Sendable>(
    _ id: String,
    _ capability: FeedStoreCapability,
    _ summary: String,
    capable: @escaping @Sendable (any FeedStoreFactory) -> Capable?,
    body: @escaping @Sendable (Capable, SourceLocation) async throws -> Void
  ) {
    self.id = id
    self.capability = capability
    self.summary = summary
    self.body = { factory, sourceLocation in
      guard let factory = capable(factory) else {
        Issue.record(
          "\(id) needs a factory that conforms to \(capability.protocolName), and \(type(of: factory)) does not",
          sourceLocation: sourceLocation)
        return
      }
      try await body(factory, sourceLocation)
    }
  }

  /// Checks the behavior on stores made by `factory`, recording an issue for every way they
  /// break it.
  ///
  /// A factory without the spec's ``capability`` fails the spec: it never passes unchecked.
  ///
  /// - Parameters:
  ///   - factory: Makes the stores to check.
  ///   - sourceLocation: Where failures are reported; the caller's line by default.
  /// - Throws: An error the factory or the store threw while the spec set up its state.
  public func verify(
    _ factory: some FeedStoreFactory, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await body(factory, sourceLocation)
  }
}

extension FeedStoreSpec: CustomTestStringConvertible {
  public var testDescription: String { id }
}
