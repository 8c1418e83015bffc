import Testing

/// One behaviour of the ``FeedCache/FeedStore`` contract, ready to run against a factory's stores.
///
/// Pass ``all(for:)`` to a parameterised test to run every spec your factory's capabilities call
/// for, each as its own named test case:
///
/// ```swift
/// @Test(arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
/// func myStoreConforms(to spec: FeedStoreSpec<MyStoreFactory>) async throws {
///   try await spec.verify(MyStoreFactory())
/// }
/// ```
///
/// A spec's ``id`` is stable and `Encodable`, so a test runner can re-run one case alone.
public struct FeedStoreSpec<Factory: FeedStoreFactory>: Identifiable, Sendable {
  /// The spec's stable name, such as `insert_overridesPreviouslyInsertedCache`.
  public let id: String
  /// The capability a factory needs for this spec to run.
  public let capability: FeedStoreCapability
  private let check: @Sendable (Factory, SourceLocation) async throws -> Void

  init(
    _ id: String,
    _ capability: FeedStoreCapability,
    check: @escaping @Sendable (Factory, SourceLocation) async throws -> Void
  ) {
    self.id = id
    self.capability = capability
    self.check = check
  }

  /// Checks the behaviour on stores made by `factory`, recording an issue for every way they
  /// break it.
  ///
  /// - Parameters:
  ///   - factory: Makes the stores to check.
  ///   - sourceLocation: Where failures are reported; the caller's line by default.
  /// - Throws: An error the factory or the store threw while the spec set up its state.
  public func verify(_ factory: Factory, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try await check(factory, sourceLocation)
  }
}

extension FeedStoreSpec: CustomTestStringConvertible {
  public var testDescription: String { id }
}
