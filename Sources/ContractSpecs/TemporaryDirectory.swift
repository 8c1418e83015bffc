import Foundation
import Testing

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
  /// Read it where it is used, in the factory's `makeStore()` rather than in the test's
  /// arguments, and a test that lacks the trait fails once at the line that called `verify`;
  /// read in the test itself, it fails once at the `@Test` line. Either way the test's other
  /// cases are cancelled rather than failing the same way.
  ///
  /// - Throws: An error saying the trait is missing, when the running test does not have the
  ///   ``Testing/Trait/temporaryDirectory`` trait; in a test, outside a spec, Swift Testing's
  ///   cancellation of the test case, after the first case named the mistake.
  public static var current: URL {
    get throws {
      if let scoped { return scoped }
      try missing { try Test.cancel(Comment(rawValue: $0)) }
    }
  }

  /// Throws for a read without the trait: inside a spec, the error the spec names once at its
  /// caller's line; in a test, after naming the mistake once for the test at its line, what
  /// `cancel` throws to end the test case.
  static func missing(cancel: (String) throws -> Never) throws -> Never {
    guard SpecExecution.current == nil, let test = Test.current else {
      throw MissingTemporaryDirectory()
    }
    if MistakeReports.current.isFirst(MissingTemporaryDirectory.mistakeKey) {
      Issue.record(
        Comment(rawValue: FailureMessage.missingTemporaryDirectory(factory: nil)),
        sourceLocation: test.sourceLocation)
    }
    try cancel(MissingTemporaryDirectory().description)
  }
}

/// Thrown by ``TemporaryDirectory/current`` outside a test with the trait.
struct MissingTemporaryDirectory: Error, CustomStringConvertible {
  /// The mistake as the run names it once: per test function.
  static var mistakeKey: String {
    "no temporary directory|\(Test.current.map { String(describing: $0.id) } ?? "")"
  }

  var description: String {
    "TemporaryDirectory.current is only set inside a test or suite with the .temporaryDirectory trait"
  }
}
