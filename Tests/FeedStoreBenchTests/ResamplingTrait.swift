import Foundation
import Testing

@testable import FeedStoreBenchmarkCore

/// Binds the bootstrap's resamples for a suite as `FEEDSTORE_SPEC_PROFILE` asks.
///
/// 200 in the quick profile, the 2,000 of a run in the thorough one. What the suites check (an interval's side of a
/// limit, its order, its seed) holds at either count; the debug build only resamples slower.
struct ResamplingTrait: SuiteTrait, TestTrait, TestScoping {
  static var resamples: Int {
    ProcessInfo.processInfo.environment["FEEDSTORE_SPEC_PROFILE"] == "thorough" ? 2_000 : 200
  }

  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await Bootstrap.$resamples.withValue(Self.resamples) { try await function() }
  }
}

extension Trait where Self == ResamplingTrait {
  /// The bootstrap's resamples as the profile asks.
  static var resamplingByProfile: Self { ResamplingTrait() }
}
