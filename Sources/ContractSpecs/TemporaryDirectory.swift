import Foundation

/// The directory that the ``Testing/Trait/temporaryDirectory`` trait made for the running test
/// case.
///
/// Give a test or a suite the trait, then read ``current`` anywhere the test case runs, for
/// example in a factory's initializer:
///
/// ```swift
/// @Test(.temporaryDirectory, arguments: ImageDataCacheSpec.all(for: MyFileCacheFactory.self))
/// func myFileCacheConforms(to spec: ImageDataCacheSpec) async throws {
///   try await spec.verify(MyFileCacheFactory(directory: TemporaryDirectory.current))
/// }
/// ```
///
/// Each directory is private to the user (mode 0700) and lies in a directory of the test
/// process's own, named after it. The first trait a process applies removes the directories of
/// processes that are gone, such as a run that was killed, which removed nothing. They are made
/// where `TMPDIR` says when it is set and not empty; otherwise, on Linux, in `/dev/shm`, a file
/// system in memory, when it has 1 GiB free, since a test's files need no durability and syncs
/// cost most on a disk; otherwise in the system's temporary directory.
public enum TemporaryDirectory {
  /// The directory of the running test case, set by the trait.
  @TaskLocal static var scoped: URL?

  /// The running test case's own directory: new, empty, and removed when the case ends.
  ///
  /// Every test case gets a different directory, so cases running in parallel never share files.
  ///
  /// - Throws: An error saying the trait is missing, when the running test does not have the
  ///   ``Testing/Trait/temporaryDirectory`` trait.
  public static var current: URL {
    get throws {
      guard let scoped else { throw MissingTemporaryDirectory() }
      return scoped
    }
  }
}

/// Thrown by ``TemporaryDirectory/current`` outside a test with the trait.
struct MissingTemporaryDirectory: Error, CustomStringConvertible {
  var description: String {
    "TemporaryDirectory.current is only set inside a test or suite with the .temporaryDirectory trait"
  }
}
