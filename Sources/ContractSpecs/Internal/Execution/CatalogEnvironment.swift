import Foundation

/// What the environment says about a run of one catalog's specs: its profile, a seed to replay and
/// a number of random sequences, each read once and checked, so that a misspelled value fails the
/// run as a whole instead of applying to some specs and not others.
struct CatalogEnvironment: Equatable, Sendable {
  /// The profile the environment names, or `nil` when it names none.
  var profile: SpecProfile?
  /// The seed to replay, or `nil`.
  var seed: UInt64?
  /// How many random sequences a model-based spec runs, or `nil` for the profile's number.
  var sequences: Int?
  /// The directory model checks keep their failures in: `nil` for the default, an empty path
  /// for none.
  var failureDirectory: String?

  /// The environment variables of a catalog whose prefix is `prefix`.
  struct Variables: Sendable {
    let profile: String
    let seed: String
    let sequences: String
    let failureDirectory: String

    init(prefix: String) {
      profile = "\(prefix)_PROFILE"
      seed = "\(prefix)_SEED"
      sequences = "\(prefix)_SEQUENCES"
      failureDirectory = "\(prefix)_FAILURE_DIRECTORY"
    }
  }

  /// Reads the settings of `variables` from `environment`.
  ///
  /// A profile's name is read without regard to case or surrounding spaces (`THOROUGH` is
  /// `thorough`); anything else that is set must be exactly right.
  ///
  /// - Returns: The settings, or every problem with them, one sentence each.
  static func read(_ variables: Variables, from environment: [String: String]) -> Result<
    CatalogEnvironment, EnvironmentProblem
  > {
    var settings = CatalogEnvironment()
    var problems: [String] = []
    if let value = environment[variables.profile] {
      let name = value.trimmingCharacters(in: .whitespaces).lowercased()
      if let profile = SpecProfile(rawValue: name) {
        settings.profile = profile
      } else {
        problems.append(FailureMessage.unknownProfile(value, variable: variables.profile))
      }
    }
    if let value = environment[variables.seed] {
      if let seed = UInt64(value.trimmingCharacters(in: .whitespaces)) {
        settings.seed = seed
      } else {
        problems.append(FailureMessage.invalidSeed(value, variable: variables.seed))
      }
    }
    if let value = environment[variables.sequences] {
      if let sequences = Int(value.trimmingCharacters(in: .whitespaces)), sequences > 0 {
        settings.sequences = sequences
      } else {
        problems.append(FailureMessage.invalidSequences(value, variable: variables.sequences))
      }
    }
    settings.failureDirectory = environment[variables.failureDirectory]
    return problems.isEmpty ? .success(settings) : .failure(EnvironmentProblem(problems: problems))
  }
}

/// The problems with a run's environment, said together so one run shows them all.
struct EnvironmentProblem: Error, Equatable, CustomStringConvertible {
  let problems: [String]

  var description: String { problems.joined(separator: "; ") }
}
