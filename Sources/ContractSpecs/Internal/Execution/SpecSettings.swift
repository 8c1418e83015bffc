import Foundation
import Testing

/// Everything one spec's execution depends on besides its factory, resolved once where `verify`
/// is called and carried as it is into a child process, so that a spec runs the same way in both
/// forms.
struct SpecSettings: Codable, Sendable {
  /// The catalog's name, for messages.
  let catalogName: String
  /// The catalog's environment variables' prefix, for replay hints.
  let environmentPrefix: String
  let specID: String
  /// The factory's type, as model checks key the failures they keep.
  let factoryName: String
  let profile: SpecProfile
  /// How long one operation may take before the spec calls it hung.
  let operationTimeLimit: Duration
  /// Whether a trait pinned ``operationTimeLimit``, rather than the catalog's profile.
  let isLimitPinned: Bool
  /// The limit asked for, when it is shorter than the engine can measure and
  /// ``operationTimeLimit`` is the shortest it can.
  let askedLimit: Duration?
  /// The seeds of the spec's random work: the one derived from the spec's id first, then, in the
  /// thorough profile, a fresh one; or only the seed the environment asks to replay.
  let seeds: [UInt64]
  /// Whether ``seeds`` is a seed the environment asked to replay.
  let replaysSeed: Bool
  /// How many random sequences a model-based spec runs, when the environment says.
  let sequences: Int?
  /// Where model checks keep their failures, or `nil` for nowhere.
  let failureDirectory: URL?
  /// The running test case's ``TemporaryDirectory/current``, if it has one.
  let temporaryDirectory: URL?
  /// Whether the running test case tracks memory leaks.
  let tracksLeaks: Bool
  /// The line that called `verify`, where the spec's failures are recorded.
  let caller: SourceLocation

  /// The seeds that are new in this run, which a run prints so that it can be replayed.
  var freshSeeds: [UInt64] { replaysSeed ? [] : Array(seeds.dropFirst()) }

  /// The settings to run `spec` with, from the traits of the running test and the environment.
  ///
  /// - Parameters:
  ///   - spec: The spec to run.
  ///   - factoryType: The type of the factory it runs on.
  ///   - caller: Where its failures are recorded.
  ///   - environment: The process's environment.
  /// - Returns: The settings, or what is wrong with the environment.
  static func resolve<Catalog: SpecCatalog>(
    for spec: Spec<Catalog>, on factoryType: Any.Type, caller: SourceLocation,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<SpecSettings, EnvironmentProblem> {
    let variables = CatalogEnvironment.Variables(prefix: Catalog.environmentPrefix)
    let read: CatalogEnvironment
    switch CatalogEnvironment.read(variables, from: environment) {
    case .success(let settings): read = settings
    case .failure(let problem): return .failure(problem)
    }
    let profile = SpecProfile.pinned ?? read.profile ?? .quick
    let pinnedLimit = OperationTimeLimit.pinned
    let asked = pinnedLimit ?? Catalog.operationTimeLimit(in: profile)
    guard asked > .zero else {
      return .failure(EnvironmentProblem(problems: [FailureMessage.noTimeLeft(by: asked)]))
    }
    let limit = max(asked, OperationWatch.shortestLimit)
    let derived = stableHash(spec.id)
    let seeds: [UInt64] =
      if let replayed = read.seed {
        [replayed]
      } else if profile == .thorough {
        [derived, .random(in: .min ... .max)]
      } else {
        [derived]
      }
    return .success(
      SpecSettings(
        catalogName: Catalog.name, environmentPrefix: Catalog.environmentPrefix,
        specID: spec.id, factoryName: String(reflecting: factoryType), profile: profile,
        operationTimeLimit: limit,
        isLimitPinned: pinnedLimit != nil, askedLimit: asked < limit ? asked : nil, seeds: seeds,
        replaysSeed: read.seed != nil,
        sequences: read.sequences,
        failureDirectory: FailureDirectory.resolve(environment: read.failureDirectory),
        temporaryDirectory: TemporaryDirectory.scoped,
        tracksLeaks: LeakTracker.current != nil, caller: caller))
  }

  /// Warns in `sink`, once per run, when the limit asked for is shorter than the engine measures:
  /// where `verify` is called, so that a child that never reports still has it said.
  func warnOfARaisedLimit(in sink: any IssueSink) {
    guard let askedLimit else { return }
    SpecExecution.warnOncePerRun(
      FailureMessage.limitTooShort(asked: askedLimit, used: operationTimeLimit), to: sink,
      at: caller)
  }

  /// The environment variables that replay a random sequence of `seed`: the profile, when it is
  /// not the default, the seed, and the number of sequences, when the environment set it.
  func replayVariables(seed: UInt64) -> String {
    let variables = CatalogEnvironment.Variables(prefix: environmentPrefix)
    return [
      profile == .quick ? nil : "\(variables.profile)=\(profile.rawValue)",
      "\(variables.seed)=\(seed)",
      sequences.map { "\(variables.sequences)=\($0)" },
    ].compactMap { $0 }.joined(separator: " ")
  }
}
