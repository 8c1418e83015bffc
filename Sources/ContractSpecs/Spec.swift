import SharedSupport
import Testing

/// One behavior of a contract, ready to run against a factory's implementations.
///
/// A contract's library defines its specs once, as values of its catalog, and an adopter passes
/// ``all(for:)`` to a parameterized test to run every spec their factory's capabilities call for,
/// each as its own named test case:
///
/// ```swift
/// @Test(arguments: ImageDataCacheSpec.all(for: MyCacheFactory.self))
/// func myCacheConforms(to spec: ImageDataCacheSpec) async throws {
///   try await spec.verify(MyCacheFactory())
/// }
/// ```
///
/// To run one spec in a test of your own, look it up by its ``id`` with ``named(_:)``.
public struct Spec<Catalog: SpecCatalog>: Identifiable, Sendable {
  /// The spec's stable name, such as `insert_overridesPreviouslyInsertedCache`.
  ///
  /// It is how a test runner re-runs one case, so it never changes once published.
  public let id: String
  /// The capability a factory needs for this spec to apply to it.
  public let capability: AnyCapability<Catalog>
  /// The behavior in one sentence, as reports show it; a recommendation's starts with
  /// "Recommended:".
  public let summary: String
  /// Whether the spec checks a recommendation beyond the contract, such as an error that names
  /// the storage, rather than the contract itself.
  ///
  /// An implementation can keep the contract and still fail a recommendation: list such a spec
  /// as a ``KnownDeviation`` knowingly, with the reason.
  public let isRecommendation: Bool
  /// Why the spec does not apply to a factory that has its capability, or `nil` when it does.
  let notApplicableReason: @Sendable (Catalog.FactoryType) -> String?
  /// The body the spec's author wrote, with the capability whose factory it takes.
  let body: any SpecBody<Catalog>

  /// Defines a spec of `capability`, whose `body` runs only with factories that have it.
  ///
  /// `body` takes the capability's factory protocol, such as `any FailableImageDataCacheFactory`,
  /// so the compiler rejects a body that needs another capability's factory. Inside `body`, wait
  /// for every operation through ``SpecRun/perform(_:_:)``, record what goes wrong with
  /// ``SpecRun/recordFailure(_:)``, and let an error escape only when the spec cannot go on (the
  /// failure then names the operation that threw).
  ///
  /// ```swift
  /// ImageDataCacheSpec(
  ///   "retrieve_deliversNilForUnknownURL", core,
  ///   "A new cache delivers nil for a URL it was never given."
  /// ) { factory in
  ///   let sut = try await SpecRun.perform("makeCache()") { try await factory.makeCache() }
  ///
  ///   let data = try await SpecRun.perform("retrieve from an empty cache") {
  ///     try await sut.retrieve(dataFor: anyURL)
  ///   }
  ///
  ///   if let data { SpecRun.recordFailure("Expected nil, but it delivered \(data.count) bytes") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The stable name.
  ///   - capability: The capability the spec needs.
  ///   - summary: The behavior in one sentence, at most 150 characters.
  ///   - isRecommendation: Whether the spec checks more than the contract.
  ///   - notApplicableReason: Why the spec does not apply to a factory type that has the
  ///     capability, if so; ``all(for:)`` then leaves it out and ``notApplicable(for:)`` lists it.
  ///   - body: Checks the behavior, recording a failure for every way the implementations break
  ///     it.
  public init<Factory>(
    _ id: String,
    _ capability: Capability<Catalog, Factory>,
    _ summary: String,
    isRecommendation: Bool = false,
    notApplicableReason: @escaping @Sendable (Catalog.FactoryType) -> String? = { _ in nil },
    body: @escaping @Sendable (Factory) async throws -> Void
  ) {
    self.id = id
    self.capability = AnyCapability(capability)
    self.summary = summary
    self.isRecommendation = isRecommendation
    self.notApplicableReason = notApplicableReason
    self.body = TypedSpecBody<Catalog, Factory>(run: body)
  }

  /// Checks the behavior on implementations made by `factory`, recording an issue at your line
  /// for every way they break it.
  ///
  /// The spec runs in this process, in a task of its own: every operation it waits for is bounded
  /// by the profile's time limit (``SpecCatalog/operationTimeLimit(in:)``), so an implementation
  /// that never returns fails the spec, naming the operation, and the run goes on. A hung
  /// operation keeps what it holds (a thread it blocks stays blocked) until the process ends;
  /// ``verifyInChildProcess(_:knownDeviations:sourceLocation:)`` ends it with its process, and
  /// survives an implementation that traps.
  ///
  /// When `knownDeviations` lists the spec, its failures are a known issue, and the run fails
  /// when it passes, so a fixed implementation drops its deviation. A deviation that names no spec
  /// of the catalog, or one that cannot apply to `factory`, fails the run once, with the closest
  /// ids.
  ///
  /// - Parameters:
  ///   - factory: Makes the implementations to check.
  ///   - knownDeviations: The specs the implementations are known not to pass yet.
  ///   - sourceLocation: Where failures are reported; the caller's line by default.
  /// A mistake in the test's setup rather than in the implementation (a factory that hands out
  /// an instance it made before, a factory that reads ``TemporaryDirectory/current`` in a test
  /// without the trait) is named once, by the first spec that meets it; the test cases after it
  /// are cancelled without repeating it.
  ///
  /// - Throws: `CancellationError` when the running test is cancelled before the spec starts, and
  ///   Swift Testing's cancellation of the test case when it stops at a mistake named before.
  ///   Everything else, an error from the factory included, is a failure recorded at
  ///   `sourceLocation` that names where it came from.
  public func verify(
    _ factory: Catalog.Factory,
    knownDeviations: [KnownDeviation] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try Task.checkCancellation()
    let stopped = Locked(false)
    await allowing(
      knownDeviations, for: Catalog.factoryType(of: factory), at: sourceLocation
    ) {
      let settings: SpecSettings
      switch SpecSettings.resolve(
        for: self, on: type(of: factory as Any), caller: sourceLocation)
      {
      case .success(let resolved):
        settings = resolved
      case .failure(let problem):
        TestingSink().recordNotRun(
          FailureMessage.environment(of: Catalog.name, problem), at: sourceLocation)
        return
      }
      settings.warnOfARaisedLimit(in: TestingSink())
      let execution = SpecExecution(settings: settings, sink: TestingSink())
      let outcome = await execution.run(self, on: factory)
      execution.conclude(outcome, leaks: LeakTracker.current)
      stopped.withLock { $0 = execution.stoppedAtNamedMistake }
    }
    if stopped.current {
      try Test.cancel(Comment(rawValue: FailureMessage.stoppedAtNamedMistake(id)))
    }
  }
}

extension Spec: CustomTestStringConvertible {
  public var testDescription: String { id }
}

/// A spec's body, whatever factory protocol it takes.
protocol SpecBody<Catalog>: Sendable {
  associatedtype Catalog: SpecCatalog

  /// Runs the body on `factory`.
  ///
  /// - Returns: `false`, without running it, when `factory` does not conform to the protocol the
  ///   body takes.
  /// - Throws: What the body throws.
  func run(on factory: Catalog.Factory) async throws -> Bool
}

/// The body a spec's author wrote, taking the factory protocol of the spec's capability.
struct TypedSpecBody<Catalog: SpecCatalog, Factory>: SpecBody {
  let run: @Sendable (Factory) async throws -> Void

  func run(on factory: Catalog.Factory) async throws -> Bool {
    guard let capable = factory as? Factory else { return false }
    try await run(capable)
    return true
  }
}

extension SpecCatalog {
  /// The type of `factory`, as the catalog's factory metatype.
  static func factoryType(of factory: Factory) -> FactoryType? {
    type(of: factory as Any) as? FactoryType
  }
}
