import Testing

extension Spec {
  /// A spec of a capability the factory has, left out of ``all(for:)`` because the factory says
  /// it cannot apply, with the reason it gives.
  ///
  /// Show these in the test run, so a reader sees every spec that was not checked and why:
  ///
  /// ```swift
  /// @Test(arguments: ImageDataCacheSpec.notApplicable(for: MyCacheFactory.self))
  /// func myCacheDoesNotApply(to exemption: ImageDataCacheSpec.NotApplicable) {
  ///   withKnownIssue("not applicable") { Issue.record(Comment(rawValue: exemption.reason)) }
  /// }
  /// ```
  public struct NotApplicable: Sendable, CustomTestStringConvertible {
    /// The spec that was not run.
    public let spec: Spec
    /// Why it cannot apply to the factory, as the factory says it.
    public let reason: String

    public var testDescription: String { "\(spec.id) does not apply: \(reason)" }
  }

  /// The specs of `factoryType`'s capabilities that ``all(for:)`` leaves out, each with the
  /// reason.
  ///
  /// - Parameter factoryType: The factory whose capabilities choose the specs.
  /// - Returns: The specs left out, in the catalog's order; empty when every spec applies.
  public static func notApplicable(for factoryType: Catalog.FactoryType) -> [NotApplicable] {
    catalog.compactMap { spec in
      guard spec.capability.isProvided(by: factoryType),
        let reason = spec.notApplicableReason(factoryType)
      else { return nil }
      return NotApplicable(spec: spec, reason: reason)
    }
  }
}
