import FeedStoreSupport
import Foundation
import Testing

/// Gives each test case a new, empty directory of its own, as ``TemporaryDirectory/current``,
/// and removes it when the case ends, even when the case throws.
///
/// Apply it as ``Testing/Trait/temporaryDirectory`` to a test, or to a suite to give every
/// test case in it a directory of its own.
///
/// The directories are made where `TMPDIR` says when it is set; otherwise, on Linux, in
/// `/dev/shm`, a file system in memory, when it has 1 GiB free, since a test's files need no
/// durability and the syncs a store makes cost the most on a disk; otherwise in the system's
/// temporary directory.
public struct TemporaryDirectoryTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test in a suite that has the trait.
  public var isRecursive: Bool { true }

  /// Runs `function` with a new directory as ``TemporaryDirectory/current``, then removes it.
  ///
  /// Removal is best effort, so that it never hides how the test case ended. It outlasts
  /// stores that are still closing: files that vanish while it runs, as an SQLite store's side
  /// files do shortly after the case releases the store, make it start over.
  ///
  /// - Parameters:
  ///   - test: The test that runs.
  ///   - testCase: The test case that runs.
  ///   - function: The test case's body.
  /// - Throws: An error when the directory cannot be created, or what `function` throws.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTemporaryDirectory { directory in
      try await TemporaryDirectory.$scoped.withValue(directory) {
        try await function()
      }
    }
  }
}

extension Trait where Self == TemporaryDirectoryTrait {
  /// Gives each test case its own directory, as ``TemporaryDirectory/current``.
  public static var temporaryDirectory: Self { TemporaryDirectoryTrait() }
}
