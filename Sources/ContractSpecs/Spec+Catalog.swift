import Foundation
import SharedSupport

extension Spec {
  /// Every spec of the catalog, in a stable order, whatever capability it needs.
  public static var catalog: [Spec] { CatalogCache.specs(of: Catalog.self) }

  /// Every spec that implementations from `factoryType` must pass: the specs of each capability
  /// the factory conforms to, wherever that conformance is declared, except those the factory
  /// declares do not apply to it (see ``notApplicable(for:)``).
  ///
  /// When the catalog's environment variables are set to something they cannot use (a profile
  /// that does not exist, a seed that is not a number), the list is one spec that fails with
  /// what to change, so that no spec runs with half the settings.
  ///
  /// - Parameter factoryType: The factory whose capabilities choose the specs.
  /// - Returns: The specs in a stable order, each with a unique ``id``.
  public static func all(for factoryType: Catalog.FactoryType) -> [Spec] {
    all(for: factoryType, environment: ProcessInfo.processInfo.environment)
  }

  /// ``all(for:)`` in `environment`.
  static func all(for factoryType: Catalog.FactoryType, environment: [String: String]) -> [Spec] {
    let variables = CatalogEnvironment.Variables(prefix: Catalog.environmentPrefix)
    if case .failure(let problem) = CatalogEnvironment.read(variables, from: environment) {
      return [settingsCheck(reporting: problem)]
    }
    return catalog.filter {
      $0.capability.isProvided(by: factoryType) && $0.notApplicableReason(factoryType) == nil
    }
  }

  /// The profile a spec of the catalog run now would use: pinned by a
  /// ``Testing/Trait/specProfile(_:)`` trait, else named by the catalog's profile variable, else
  /// ``SpecProfile/quick``, for a test that sizes its own work as the specs do.
  ///
  /// Inside a spec, read ``SpecRun/profile``.
  ///
  /// - Throws: An error naming each variable of the catalog that is set to something it cannot
  ///   take.
  public static var profile: SpecProfile {
    get throws {
      let variables = CatalogEnvironment.Variables(prefix: Catalog.environmentPrefix)
      let settings = try CatalogEnvironment.read(
        variables, from: ProcessInfo.processInfo.environment
      ).get()
      return SpecProfile.pinned ?? settings.profile ?? .quick
    }
  }

  /// The spec called `id`, to run one spec in a test of your own.
  ///
  /// ```swift
  /// let spec = try #require(ImageDataCacheSpec.named("insert_overridesPreviousData"))
  /// try await spec.verify(MyCacheFactory())
  /// ```
  ///
  /// - Parameter id: A spec's stable name.
  /// - Returns: The spec, or `nil` when the catalog has none by that name.
  public static func named(_ id: String) -> Spec? {
    catalog.first { $0.id == id }
  }

  /// The one spec ``all(for:)`` lists when the environment is wrong: running it records what is
  /// wrong, as running any spec would.
  private static func settingsCheck(reporting problem: EnvironmentProblem) -> Spec {
    Spec(
      id: "environment_isValid", capability: Catalog.capabilities[0],
      summary: "The environment variables that configure the run are set to values they can take."
    ) {
      SpecRun.recordFailure(FailureMessage.environment(of: Catalog.name, problem))
    }
  }

  /// A spec of the catalog's first capability whose body needs nothing of the factory.
  private init(
    id: String, capability: AnyCapability<Catalog>, summary: String,
    body: @escaping @Sendable () async throws -> Void
  ) {
    self.id = id
    self.capability = capability
    self.summary = summary
    isRecommendation = false
    notApplicableReason = { _ in nil }
    self.body = TypedSpecBody<Catalog, Catalog.Factory> { _ in try await body() }
  }
}

/// The specs of each catalog, made once per process: a capability makes its specs anew each
/// time it is asked.
private enum CatalogCache {
  private static let cache = Locked<[ObjectIdentifier: any Sendable]>([:])

  static func specs<Catalog: SpecCatalog>(of catalog: Catalog.Type) -> [Spec<Catalog>] {
    let key = ObjectIdentifier(catalog)
    if let cached = cache.withLock({ $0[key] }) as? [Spec<Catalog>] { return cached }
    let specs = Catalog.capabilities.flatMap(\.specs)
    return cache.withLock { cache in
      if let cached = cache[key] as? [Spec<Catalog>] { return cached }
      cache[key] = specs
      return specs
    }
  }
}
