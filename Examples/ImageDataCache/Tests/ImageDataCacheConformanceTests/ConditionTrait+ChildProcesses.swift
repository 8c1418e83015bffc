import Foundation
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs a test only when `IMAGECACHE_CHILD_PROCESSES=1`, as CI sets it.
  ///
  /// It marks the tests that run every spec again, each in a child process of its own, as a cache
  /// that traps needs. They are off by default: a child costs about 20 milliseconds, which would
  /// make the edit-test loop several times slower.
  static var childProcessesRequested: Self {
    .enabled(
      if: ProcessInfo.processInfo.environment["IMAGECACHE_CHILD_PROCESSES"] == "1",
      "each spec runs in a child process too when IMAGECACHE_CHILD_PROCESSES=1")
  }
}
