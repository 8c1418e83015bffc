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
  ///
  /// A recommendation's summary starts with "Recommended:".
  public let summary: String
  /// Whether the spec checks a recommendation beyond the `FeedStore` contract, such as an error
  /// that names the storage, rather than the contract itself.
  ///
  /// A store can keep the contract and still fail a recommendation: list such a spec as a
  /// ``KnownDeviation`` knowingly, with the reason.
  public let isRecommendation: Bool
  /// Why the spec does not apply to a factory that has its capability, or `nil` when it does.
  let notApplicableReason: @Sendable (any FeedStoreFactory.Type) -> String?
  private let body: @Sendable (any FeedStoreFactory) async throws -> Void

  /// Defines a spec of `capability` whose `body` runs only with factories that have it.
  ///
  /// The factory type `body` takes, such as `any FailableDeleteFeedStoreFactory`, is the
  /// capability's protocol: a factory that does not conform to it fails the spec.
  ///
  /// - Parameters:
  ///   - id: The stable name.
  ///   - capability: The capability the spec needs.
  ///   - summary: The behavior in one sentence.
  ///   - isRecommendation: Whether the spec checks more than the contract.
  ///   - notApplicableReason: Why the spec does not apply to a factory of the capability, if so.
  ///   - body: Checks the behavior, recording a failure for every way the stores break it.
  init<Capable: Sendable>(
    _ id: String,
    _ capability: FeedStoreCapability,
    _ summary: String,
    isRecommendation: Bool = false,
    notApplicableReason: @escaping @Sendable (any FeedStoreFactory.Type) -> String? = { _ in nil },
    body: @escaping @Sendable (Capable) async throws -> Void
  ) {
    self.id = id
    self.capability = capability
    self.summary = summary
    self.isRecommendation = isRecommendation
    self.notApplicableReason = notApplicableReason
    self.body = { factory in
      guard let capable = factory as? Capable else {
        recordFailure(
          "\(id) needs a factory that conforms to \(capability.protocolName), and "
            + "\(type(of: factory)) does not")
        return
      }
      if let reason = notApplicableReason(type(of: factory)) {
        recordFailure("\(id) does not apply to \(type(of: factory)), so it was not run: \(reason)")
        return
      }
      try await body(capable)
    }
  }

  /// Checks the behavior on stores made by `factory`, recording an issue for every way they
  /// break it.
  ///
  /// A factory without the spec's ``capability`` fails the spec: it never passes unchecked. The
  /// spec runs in this process; a store that traps takes the process down with it, which
  /// ``verifyInChildProcess(_:knownDeviations:sourceLocation:)`` prevents.
  ///
  /// - Parameters:
  ///   - factory: Makes the stores to check.
  ///   - sourceLocation: Where failures are reported; the caller's line by default.
  /// - Throws: An error the factory or the store threw while the spec set up its state.
  public func verify(
    _ factory: some FeedStoreFactory, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await SpecContext.$caller.withValue(sourceLocation) {
      try await body(factory)
    }
  }
}

extension FeedStoreSpec: CustomTestStringConvertible {
  public var testDescription: String { id }
}
