import Foundation

/// The directory that the ``TemporaryDirectoryTrait`` made for the running test case.
///
/// Give a test or a suite the ``Testing/Trait/temporaryDirectory`` trait, then read
/// ``current`` anywhere the test case runs, for example in a factory's initializer:
///
/// ```swift
/// @Test(.temporaryDirectory, arguments: FeedStoreSpec.all(for: MyFileStoreFactory.self))
/// func myFileStoreConforms(to spec: FeedStoreSpec) async throws {
///   try await spec.verify(MyFileStoreFactory(directory: TemporaryDirectory.current))
/// }
/// ```
public enum TemporaryDirectory {
  /// The directory of the running test case, set by ``TemporaryDirectoryTrait``.
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
