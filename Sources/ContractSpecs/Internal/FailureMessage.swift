import Testing

/// Every failure the engine itself reports, worded in one place: a reader finds here what a
/// failure says and why, and the tests that pin each text find its source.
///
/// Each text says what was expected and what happened instead, in a line or two.
enum FailureMessage {
  // MARK: The environment

  /// A run whose catalog's environment variables are set to something they cannot take.
  static func environment(of catalogName: String, _ problem: EnvironmentProblem) -> String {
    "\(catalogName) cannot run with this environment: \(problem)"
  }

  static func unknownProfile(_ value: String, variable: String) -> String {
    let names = SpecProfile.allCases.map(\.rawValue).joined(separator: " or ")
    return "\(variable)=\(value) names no profile: set it to \(names)"
  }

  static func invalidSeed(_ value: String, variable: String) -> String {
    "\(variable)=\(value) is not a seed: set it to the decimal number a failure reported, such as 42"
  }

  static func invalidSequences(_ value: String, variable: String) -> String {
    "\(variable)=\(value) is not a number of sequences: set it to a whole number above 0"
  }

  static func noTimeLeft(by limit: Duration) -> String {
    "An operation time limit of \(limit) leaves no time: give .operationTimeLimit a duration "
      + "above zero"
  }

  // MARK: Which specs run

  static func notApplicable(_ specID: String, to factory: String, because reason: String)
    -> String
  {
    "\(specID) does not apply to \(factory), so it was not run: \(reason)"
  }

  static func missingCapability(_ specID: String, needs protocolName: String, factory: String)
    -> String
  {
    "\(specID) needs a factory that conforms to \(protocolName), and \(factory) does not"
  }

  /// A known deviation that names no spec of the catalog, with the closest ids.
  static func unknownDeviation(_ specID: String, catalog: String, closest: [String]) -> String {
    let suggestion =
      closest.isEmpty
      ? "" : "; did you mean \(closest.map { "\"\($0)\"" }.joined(separator: ", or "))?"
    return "Known deviation \"\(specID)\" names no spec of \(catalog).catalog" + suggestion
  }

  /// A known deviation that names a spec of a capability the factory does not have.
  static func inapplicableDeviation(_ specID: String, factory: String, needs protocolName: String)
    -> String
  {
    "Known deviation \"\(specID)\" names a spec that does not apply to \(factory): it needs "
      + protocolName
  }

  // MARK: How a spec ended

  /// An error that escaped a spec's body, with the operation that threw it when it is known.
  static func escaped(_ error: any Error, from specID: String, operation: String?) -> String {
    let source = operation.map { "\($0) threw" } ?? "it threw"
    return "Expected \(specID) to run to its end, but \(source): \(error)"
  }

  /// A spec the watchdog gave up on.
  static func expired(_ expiry: Expiry, settings: SpecSettings) -> String {
    let origin =
      settings.isLimitPinned
      ? "the limit .operationTimeLimit sets" : "the \(settings.profile.rawValue) profile's limit"
    let limit = "\(settings.operationTimeLimit.readable) (\(origin))"
    switch expiry {
    case .operation(let name):
      return "Expected \(name) to return, but it did not return within \(limit): likely a "
        + "deadlock, a lock never released or a continuation never resumed; if it is only slow, "
        + "give it a longer .operationTimeLimit. The spec stopped waiting for it"
    case .noProgress(let last):
      return "Expected \(settings.specID) to make progress, but nothing it waits for started or "
        + "ended for \(limit)" + (last.map { ", after \($0)" } ?? "")
    }
  }

  /// The line a run prints for each fresh seed a spec's random work used.
  static func seedReport(_ seed: UInt64, of settings: SpecSettings) -> String {
    "\(settings.specID) ran random sequences from seed \(seed) (replay with "
      + "\(settings.replayVariables(seed: seed)))"
  }

  // MARK: Leaks

  /// Instances of one type, tracked at one place, still alive after their test case ended.
  static func leaked(_ typeName: String, count: Int) -> String {
    count == 1
      ? "\(typeName) should have been deallocated when the test ended: a reference cycle or an "
        + "unfinished task still holds it"
      : "\(count) instances of \(typeName) should have been deallocated when the test ended: a "
        + "reference cycle or an unfinished task still holds them"
  }

  /// A passing spec that never asked to track an instance while the test case tracks leaks.
  static func trackedNothing(_ specID: String) -> String {
    "The test tracks memory leaks, but \(specID) checked nothing for them: its catalog's specs "
      + "pass the implementations they make to trackForMemoryLeaks when SpecRun.tracksMemoryLeaks "
      + "is true"
  }

  static let trackingNeedsTheTrait =
    "trackForMemoryLeaks needs the .trackingMemoryLeaks trait on the test or its suite"

  // MARK: Child processes

  static func notAFactory(_ factoryType: String, of catalog: String, specID: String) -> String {
    "\(factoryType) is not a factory of \(catalog): \(specID) cannot run on it"
  }

  static func childNotStarted(_ specID: String, because error: any Error) -> String {
    "Expected to start \(specID) in a child process, but preparing it failed: \(error)"
  }

  static let childPayloadUnreadable = "The child process could not read what its parent sent it"

  static func childFoundNoCatalog(named name: String) -> String {
    "The child process found no spec catalog named \(name)"
  }

  static func childFoundNoSpec(_ specID: String, in catalog: String) -> String {
    "The child process found no spec called \(specID) in \(catalog).catalog"
  }

  static func childCannotDecodeFactory(_ error: any Error) -> String {
    "Expected the child process to decode the factory, but it could not: \(error)"
  }
}
