/// How much work each spec does: a quick profile for the edit-test loop, the default, and a
/// thorough one for continuous integration.
///
/// Both run every spec of a catalog with the same checks; a catalog's specs read the profile
/// (``SpecRun/profile``) to choose their sizes, so the thorough profile finds rarer faults and
/// takes longer. Choose one for a whole run with the catalog's environment variable, such as
/// `IMAGECACHE_SPEC_PROFILE=thorough swift test`, or pin one for a test or a suite with the
/// ``Testing/Trait/specProfile(_:)`` trait.
public enum SpecProfile: String, CaseIterable, Codable, Sendable {
  /// Small sizes and few repetitions, for the edit-test loop.
  case quick
  /// Large sizes, many repetitions and fresh random seeds on top of the fixed ones.
  case thorough

  /// The profile a ``Testing/Trait/specProfile(_:)`` trait pinned for the running test, if any.
  @TaskLocal static var pinned: SpecProfile?
}
