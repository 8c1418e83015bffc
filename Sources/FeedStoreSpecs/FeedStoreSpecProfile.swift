import Foundation

/// How much work each spec does: a quick profile for the edit-test loop, the default, and a
/// thorough one for continuous integration.
///
/// Both run every spec of the catalog, with the same checks; the thorough profile uses larger
/// feeds, more concurrent writers and more random sequences, so it finds rarer faults and takes
/// longer. Choose one for a whole run with the environment variable `FEEDSTORE_SPEC_PROFILE`:
///
/// ```sh
/// FEEDSTORE_SPEC_PROFILE=thorough swift test
/// ```
///
/// or pin one for a test or a suite with the ``Testing/Trait/specProfile(_:)`` trait.
public enum FeedStoreSpecProfile: String, CaseIterable, Codable, Sendable {
  /// Feeds of up to 2,000 images, 4 writers of 5 inserts each, 20 random sequences: the whole
  /// catalog in well under a second on a file-backed store in a debug build.
  case quick
  /// Feeds of up to 100,000 images, 8 writers of 50 inserts each, 200 random sequences.
  case thorough

  /// The environment variable that chooses the profile of a run: `quick` or `thorough`.
  public static let environmentVariable = "FEEDSTORE_SPEC_PROFILE"

  /// The profile a trait pinned for the running test, if any.
  @TaskLocal static var pinned: FeedStoreSpecProfile?

  /// The profile of the running spec: the one a ``Testing/Trait/specProfile(_:)`` trait pins,
  /// else the one `FEEDSTORE_SPEC_PROFILE` names, else ``quick``.
  ///
  /// - Throws: An error naming the variable when it is set to anything but a profile's name.
  public static var current: FeedStoreSpecProfile {
    get throws {
      if let pinned { return pinned }
      guard let name = ProcessInfo.processInfo.environment[environmentVariable] else {
        return .quick
      }
      guard let profile = FeedStoreSpecProfile(rawValue: name) else {
        throw InvalidSetting(
          variable: environmentVariable, value: name,
          wanted: allCases.map(\.rawValue).joined(separator: " or "))
      }
      return profile
    }
  }

  /// The most images a round-trip spec inserts at once.
  var largestFeed: Int { self == .quick ? 2_000 : 100_000 }
  /// The longest text a round-trip spec inserts, in UTF-8 bytes.
  var longestText: Int { self == .quick ? 65_536 : 1_048_576 }
  /// The concurrent writers and readers of the concurrency specs.
  var concurrentUse: ConcurrentUse {
    self == .quick
      ? ConcurrentUse(writers: 4, insertsPerWriter: 5, readers: 2)
      : ConcurrentUse(writers: 8, insertsPerWriter: 50, readers: 4)
  }
  /// Rounds of insert, delete, insert, delete that the ordering specs observe.
  var orderingRounds: Int { self == .quick ? 3 : 20 }
  /// Rounds of stores opened together over new storage.
  var openedTogetherRounds: Int { self == .quick ? 2 : 5 }
  /// Random sequences the model-based spec runs, unless `FEEDSTORE_SPEC_SEQUENCES` says otherwise.
  var modelSequences: Int { self == .quick ? 20 : 200 }
}

/// Thrown when an environment variable of the specs is set to something they cannot use.
struct InvalidSetting: Error, CustomStringConvertible {
  let variable: String
  let value: String
  let wanted: String

  var description: String { "\(variable)=\(value) is not \(wanted)" }
}
