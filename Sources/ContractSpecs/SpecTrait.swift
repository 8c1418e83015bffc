import Foundation
import SharedSupport
import Testing

/// A trait that sets up what a test case's specs and tests read while the case runs: a directory
/// of its own, leak tracking, a pinned profile or a time limit.
///
/// Apply one as ``Testing/Trait/temporaryDirectory``, ``Testing/Trait/trackingMemoryLeaks``,
/// ``Testing/Trait/specProfile(_:)`` or ``Testing/Trait/operationTimeLimit(_:)``, to a test or to
/// a suite, where it applies to every test case inside. A spec that runs in a child process
/// (`verifyInChildProcess`) gets the same setup there.
public struct SpecTrait: TestTrait, SuiteTrait, TestScoping, CustomStringConvertible {
  public let description: String
  private let scope: @Sendable (@Sendable () async throws -> Void) async throws -> Void

  private init(
    _ description: String,
    scope: @escaping @Sendable (@Sendable () async throws -> Void) async throws -> Void
  ) {
    self.description = description
    self.scope = scope
  }

  /// Applies to every test in a suite that has the trait.
  public var isRecursive: Bool { true }

  /// Runs `function` inside the trait's setup, which is undone afterwards, even when `function`
  /// throws.
  ///
  /// - Parameters:
  ///   - test: The test that runs.
  ///   - testCase: The test case that runs.
  ///   - function: The test case's body.
  /// - Throws: An error when the setup fails, such as a directory that cannot be made, or what
  ///   `function` throws.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await scope(function)
  }

  static let temporaryDirectory = SpecTrait("a temporary directory") { function in
    try await withTemporaryDirectory { directory in
      try await TemporaryDirectory.$scoped.withValue(directory, operation: function)
    }
  }

  static let trackingMemoryLeaks = SpecTrait("memory leak tracking") { function in
    let tracker = LeakTracker(sink: TestingSink())
    do {
      try await LeakTracker.$current.withValue(tracker, operation: function)
    } catch {
      await tracker.reportSurvivors()
      throw error
    }
    await tracker.reportSurvivors()
  }

  static func specProfile(_ profile: SpecProfile) -> SpecTrait {
    SpecTrait("the \(profile.rawValue) profile") { function in
      try await SpecProfile.$pinned.withValue(profile, operation: function)
    }
  }

  static func failureDirectory(_ directory: URL?) -> SpecTrait {
    let description = directory.map { "failures kept in \($0.path(percentEncoded: false))" }
    return SpecTrait(description ?? "no failures kept") { function in
      try await FailureDirectory.$pinned.withValue(.some(directory), operation: function)
    }
  }

  static func operationTimeLimit(_ limit: Duration) -> SpecTrait {
    SpecTrait("an operation time limit of \(limit.readable)") { function in
      try await OperationTimeLimit.$pinned.withValue(limit, operation: function)
    }
  }
}

extension Trait where Self == SpecTrait {
  /// Gives each test case a new, empty directory of its own, as ``TemporaryDirectory/current``,
  /// removed when the case ends.
  ///
  /// ```swift
  /// @Test(.temporaryDirectory, arguments: ImageDataCacheSpec.all(for: MyFileCacheFactory.self))
  /// func myFileCacheConforms(to spec: ImageDataCacheSpec) async throws {
  ///   try await spec.verify(MyFileCacheFactory(directory: TemporaryDirectory.current))
  /// }
  /// ```
  public static var temporaryDirectory: Self { SpecTrait.temporaryDirectory }

  /// Reports every instance passed to `trackForMemoryLeaks` that outlives the test case, at the
  /// line that tracked it: Swift Testing's form of XCTest's `addTeardownBlock` leak check.
  ///
  /// The trait holds the instances weakly, so it never keeps one alive itself. An instance still
  /// alive when the case ends gets up to a second more to go (half the operation time limit, when
  /// ``operationTimeLimit(_:)`` pins a shorter one), checked at growing intervals, as a store
  /// does that a job on its own queue holds until the job returns; only a real leak waits that
  /// long.
  ///
  /// ```swift
  /// @Test(.trackingMemoryLeaks) func retrieve_deliversNilForUnknownURL() async throws {
  ///   let sut = MyCache()
  ///   trackForMemoryLeaks(sut)
  ///
  ///   #expect(try await sut.retrieve(dataFor: imageURL) == nil)
  /// }
  /// ```
  public static var trackingMemoryLeaks: Self { SpecTrait.trackingMemoryLeaks }

  /// Runs the specs of a test or a suite with `profile`, whatever the environment says.
  ///
  /// ```swift
  /// @Test(.specProfile(.thorough), arguments: ImageDataCacheSpec.all(for: MyCacheFactory.self))
  /// func myCacheConformsThoroughly(to spec: ImageDataCacheSpec) async throws {
  ///   try await spec.verify(MyCacheFactory())
  /// }
  /// ```
  ///
  /// - Parameter profile: The profile to pin.
  /// - Returns: A trait that pins `profile`.
  public static func specProfile(_ profile: SpecProfile) -> Self {
    SpecTrait.specProfile(profile)
  }

  /// Keeps what the model checks of a test or a suite find failing in `directory`, and runs it
  /// first on the next run until it passes, in place of the directory the catalog's
  /// `…_FAILURE_DIRECTORY` variable names or the default, `contract-specs-failures` in the
  /// package's build directory (`.build/contract-specs-failures` for `swift test`); `nil` keeps
  /// nothing, for a test that pins a check's first report.
  ///
  /// ```swift
  /// @Suite(.failureDirectory(URL(filePath: "/var/tmp/my-cache-failures")))
  /// struct MyCacheConformanceTests { … }
  /// ```
  ///
  /// - Parameter directory: A directory only the user may write, made when missing; or `nil`.
  /// - Returns: A trait that sets the directory.
  public static func failureDirectory(_ directory: URL?) -> Self {
    SpecTrait.failureDirectory(directory)
  }

  /// Gives each operation of the specs a test or a suite runs `limit` before it counts as hung,
  /// in place of the limit the catalog sets for the profile.
  ///
  /// For an implementation whose honest operations are slow, such as a cache on a network file
  /// system, or to make a self-test of an implementation that never returns end sooner.
  ///
  /// - Parameter limit: The longest one operation may take; more than zero.
  /// - Returns: A trait that sets the limit.
  public static func operationTimeLimit(_ limit: Duration) -> Self {
    SpecTrait.operationTimeLimit(limit)
  }
}

/// Where model checks keep what failed, to run it first on the next run.
enum FailureDirectory {
  /// The directory a ``Testing/Trait/failureDirectory(_:)`` trait set for the running test case:
  /// `.some(nil)` when it keeps no failures.
  @TaskLocal static var pinned: URL??

  /// The directory a run uses: the trait's, else the one the catalog's environment variable
  /// names (none, when it is set and empty), else ``default``.
  ///
  /// - Parameter environment: The value of the catalog's failure-directory variable, if set.
  /// - Returns: The directory, or `nil` for none.
  static func resolve(environment: String?) -> URL? {
    if let pinned { return pinned }
    guard let environment else { return `default` }
    return environment.isEmpty ? nil : URL(filePath: environment, directoryHint: .isDirectory)
  }

  /// Where failures are kept when neither a trait nor the environment names a directory: in the
  /// package's own build directory, beside the test bundle, so that each package keeps its own.
  static var `default`: URL {
    directory(forBundleAt: Bundle(for: BundleAnchor.self).bundleURL)
  }

  /// The directory of kept failures for the test bundle at `bundle`: `contract-specs-failures`
  /// in the package's scratch directory (`.build` of `swift test`), the ancestor of the bundle
  /// that sits beside a `Package.swift`; else beside the bundle, as in Xcode's build products.
  ///
  /// - Parameter bundle: The test bundle, or on Linux the directory of the test executable.
  /// - Returns: The directory.
  static func directory(forBundleAt bundle: URL) -> URL {
    var scratch = bundle.standardizedFileURL
    while scratch.pathComponents.count > 1 {
      let root = scratch.deletingLastPathComponent()
      let manifest = root.appending(path: "Package.swift").path(percentEncoded: false)
      if FileManager.default.fileExists(atPath: manifest) {
        return scratch.appending(path: name, directoryHint: .isDirectory)
      }
      scratch = root
    }
    return bundle.deletingLastPathComponent().appending(path: name, directoryHint: .isDirectory)
  }

  private static var name: String { "contract-specs-failures" }

  /// A class of this module, whose bundle is the test bundle the module is linked into.
  private final class BundleAnchor {}
}

/// The limit an ``Testing/Trait/operationTimeLimit(_:)`` trait set for the running test case.
enum OperationTimeLimit {
  @TaskLocal static var pinned: Duration?
}
