import Testing

/// Pins the ``FeedStoreSpecProfile`` of the specs a test or a suite runs, whatever
/// `FEEDSTORE_SPEC_PROFILE` says.
///
/// Apply it as ``Testing/Trait/specProfile(_:)``:
///
/// ```swift
/// @Test(.specProfile(.thorough), arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
/// func myStoreConformsThoroughly(to spec: FeedStoreSpec) async throws {
///   try await spec.verify(MyStoreFactory())
/// }
/// ```
public struct FeedStoreSpecProfileTrait: TestTrait, SuiteTrait, TestScoping {
  /// The profile the specs run with.
  public let profile: FeedStoreSpecProfile

  /// Applies to every test in a suite that has the trait.
  public var isRecursive: Bool { true }

  /// Runs `function` with ``profile`` pinned.
  ///
  /// - Parameters:
  ///   - test: The test that runs.
  ///   - testCase: The test case that runs.
  ///   - function: The test case's body.
  /// - Throws: What `function` throws.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await FeedStoreSpecProfile.$pinned.withValue(profile) {
      try await function()
    }
  }
}

extension Trait where Self == FeedStoreSpecProfileTrait {
  /// Runs the specs of a test or a suite with `profile`, whatever `FEEDSTORE_SPEC_PROFILE` says.
  ///
  /// - Parameter profile: The profile to pin.
  /// - Returns: A trait that pins `profile`.
  public static func specProfile(_ profile: FeedStoreSpecProfile) -> Self {
    FeedStoreSpecProfileTrait(profile: profile)
  }
}
