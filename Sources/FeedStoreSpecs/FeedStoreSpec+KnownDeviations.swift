import Testing

extension FeedStoreSpec {
  /// Checks the behavior on stores made by `factory`, where a failure of a spec listed in
  /// `knownDeviations` is a known issue instead of a failure.
  ///
  /// The spec always runs. When it is listed and fails, the run shows a known issue with the
  /// deviation's reason and link; when it is listed and passes, the run fails, so a fixed store
  /// drops its deviation. A deviation naming no spec of the ``catalog``, or a spec that does not
  /// apply to `factory`, fails the run too, so a misspelled deviation never hides anything.
  ///
  /// ```swift
  /// @Test(arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
  /// func myStoreConforms(to spec: FeedStoreSpec) async throws {
  ///   try await spec.verify(MyStoreFactory(), knownDeviations: myStoreDeviations)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - factory: Makes the stores to check.
  ///   - knownDeviations: The specs the factory's stores are known not to pass yet.
  ///   - sourceLocation: Where failures are reported; the caller's line by default.
  /// - Throws: An error the factory or the store threw while an unlisted spec set up its state.
  public func verify<Factory: FeedStoreFactory>(
    _ factory: Factory,
    knownDeviations: [KnownDeviation],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await allowing(knownDeviations, for: Factory.self, at: sourceLocation) {
      try await verify(factory, sourceLocation: sourceLocation)
    }
  }

  /// Runs `verification` of this spec, turning its failures into known issues when
  /// `knownDeviations` lists the spec, after recording a failure for each deviation that cannot
  /// apply to `factoryType`.
  ///
  /// - Throws: What `verification` throws, unless the spec is listed.
  func allowing(
    _ knownDeviations: [KnownDeviation], for factoryType: any FeedStoreFactory.Type,
    at sourceLocation: SourceLocation, _ verification: () async throws -> Void
  ) async throws {
    for deviation in knownDeviations {
      if let problem = Self.problem(with: deviation, for: factoryType) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
      }
    }
    guard let deviation = knownDeviations.first(where: { $0.specID == id }) else {
      try await verification()
      return
    }
    await withKnownIssue(Comment(rawValue: deviation.description), sourceLocation: sourceLocation) {
      try await verification()
    }
  }

  /// Why `deviation` cannot apply to stores from `factoryType`, or `nil` when it can.
  private static func problem(
    with deviation: KnownDeviation, for factoryType: any FeedStoreFactory.Type
  ) -> String? {
    guard let spec = named(deviation.specID) else {
      return "Known deviation \"\(deviation.specID)\" names no spec of FeedStoreSpec.catalog"
    }
    guard spec.capability.isProvided(by: factoryType) else {
      return "Known deviation \"\(deviation.specID)\" names a spec that does not apply to "
        + "\(factoryType): it needs \(spec.capability.protocolName)"
    }
    return nil
  }
}
