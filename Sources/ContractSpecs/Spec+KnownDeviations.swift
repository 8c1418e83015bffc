import SharedSupport
import Testing

extension Spec {
  /// Runs `verification` of this spec, turning its failures into a known issue when
  /// `knownDeviations` lists the spec, after reporting each deviation that cannot apply to
  /// `factoryType`, once per process and call site.
  func allowing(
    _ knownDeviations: [KnownDeviation], for factoryType: Catalog.FactoryType?,
    at sourceLocation: SourceLocation, _ verification: @Sendable () async -> Void
  ) async {
    let factoryName = factoryType.map { "\($0)" }
    for deviation in knownDeviations
    where DeviationReports.isFirst(deviation, for: factoryName, at: sourceLocation) {
      if let problem = Self.problem(with: deviation, for: factoryType) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
      }
    }
    guard let deviation = knownDeviations.first(where: { $0.specID == id }) else {
      await verification()
      return
    }
    await withKnownIssue(Comment(rawValue: deviation.description), sourceLocation: sourceLocation) {
      await verification()
    }
  }

  /// Why `deviation` cannot apply to implementations from `factoryType`, or `nil` when it can.
  private static func problem(
    with deviation: KnownDeviation, for factoryType: Catalog.FactoryType?
  ) -> String? {
    guard let spec = named(deviation.specID) else {
      return FailureMessage.unknownDeviation(
        deviation.specID, catalog: Catalog.name,
        closest: closestNames(to: deviation.specID, among: catalog.map(\.id)))
    }
    guard let factoryType, !spec.capability.isProvided(by: factoryType) else { return nil }
    return FailureMessage.inapplicableDeviation(
      deviation.specID, factory: "\(factoryType)", needs: spec.capability.protocolName)
  }
}

/// The deviations already checked, by call site: every case of a parameterized test passes the
/// same list, and a misspelled deviation is one mistake, reported once; checking it once also
/// spares every other case the search for the closest ids.
enum DeviationReports {
  private static let checked = Locked<Set<String>>([])

  /// Whether `deviation`, for implementations from the factory type named `factoryName`, is met
  /// at `location` for the first time in this process.
  static func isFirst(
    _ deviation: KnownDeviation, for factoryName: String?, at location: SourceLocation
  ) -> Bool {
    let factory = factoryName ?? "any factory"
    let key = "\(location.fileID):\(location.line):\(location.column): \(factory) \(deviation)"
    return checked.withLock { $0.insert(key).inserted }
  }
}
