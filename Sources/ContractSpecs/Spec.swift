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
  public let capability: Capability<Catalog>
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
  private let body: @Sendable (Catalog.Factory) async throws -> Void

  /// Defines a spec of `capability`, whose `body` runs only with factories that have it.
  ///
  /// The factory type `body` takes is the capability's protocol, such as
  /// `any FailableImageDataCacheFactory`: a factory that does not conform to it fails the spec
  /// instead of passing it unchecked. Inside `body`, wait for every operation through
  /// ``SpecRun/perform(_:_:)``, record what goes wrong with ``SpecRun/recordFailure(_:)``, and
  /// let an error escape only when the spec cannot go on (the failure then names the operation
  /// that threw).
  ///
  /// ```swift
  /// Spec<ImageDataCacheCatalog>(
  ///   "retrieve_deliversNilForUnknownURL", .core,
  ///   "A new cache delivers nil for a URL it was never given."
  /// ) { (factory: any ImageDataCacheFactory) in
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
  public init<Capable: Sendable>(
    _ id: String,
    _ capability: Capability<Catalog>,
    _ summary: String,
    isRecommendation: Bool = false,
    notApplicableReason: @escaping @Sendable (Catalog.FactoryType) -> String? = { _ in nil },
    body: @escaping @Sendable (Capable) async throws -> Void
  ) {
    self.id = id
    self.capability = capability
    self.summary = summary
    self.isRecommendation = isRecommendation
    self.notApplicableReason = notApplicableReason
    self.body = { factory in
      let typeName = String(describing: type(of: factory as Any))
      guard let capable = factory as? Capable else {
        SpecRun.recordFailure(
          "\(id) needs a factory that conforms to \(capability.protocolName), and \(typeName) "
            + "does not")
        return
      }
      if let factoryType = Catalog.factoryType(of: factory),
        let reason = notApplicableReason(factoryType)
      {
        SpecRun.recordFailure("\(id) does not apply to \(typeName), so it was not run: \(reason)")
        return
      }
      try await body(capable)
    }
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
  /// - Throws: `CancellationError` when the running test is cancelled before the spec starts.
  ///   Everything else, an error from the factory included, is a failure recorded at
  ///   `sourceLocation` that names where it came from.
  public func verify(
    _ factory: Catalog.Factory,
    knownDeviations: [KnownDeviation] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try Task.checkCancellation()
    await allowing(
      knownDeviations, for: Catalog.factoryType(of: factory), at: sourceLocation
    ) {
      await runInThisProcess(on: factory, caller: sourceLocation)
    }
  }

  /// Runs the spec in this process and records how it ended.
  private func runInThisProcess(on factory: Catalog.Factory, caller: SourceLocation) async {
    let configuration: RunConfiguration
    switch RunConfiguration.resolve(for: self, caller: caller) {
    case .success(let resolved):
      configuration = resolved
    case .failure(let problem):
      TestingSink().record(Self.message(for: problem), at: caller)
      return
    }
    let state = RunState(configuration: configuration, sink: TestingSink())
    if let expiry = await SpecRunner.run(self, on: factory, state: state) {
      TestingSink().record(state.message(for: expiry), at: caller)
      LeakTracker.current?.excuseSurvivors()
    } else if state.usesSeeds {
      SeedReport.print(configuration.freshSeeds, of: configuration)
    }
  }

  /// Runs the spec's body on `factory` in the running task, recording an error that escapes it
  /// with the operation it came from.
  func runBody(on factory: Catalog.Factory) async {
    do {
      try await body(factory)
    } catch is SpecAbandoned {
      return
    } catch {
      let source = RunState.current?.step(thatThrew: error).map { "\($0) threw" } ?? "it threw"
      SpecRun.recordFailure("Expected \(id) to run to its end, but \(source): \(error)")
    }
  }

  /// The failure of a run whose environment is wrong.
  static func message(for problem: RunSettingsProblem) -> String {
    "\(Catalog.name) cannot run with this environment: \(problem)"
  }
}

extension Spec: CustomTestStringConvertible {
  public var testDescription: String { id }
}

extension SpecCatalog {
  /// The type of `factory`, as the catalog's factory metatype.
  static func factoryType(of factory: Factory) -> FactoryType? {
    type(of: factory as Any) as? FactoryType
  }
}
