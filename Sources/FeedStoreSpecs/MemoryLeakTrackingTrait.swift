import Testing

/// Reports every instance handed to ``trackForMemoryLeaks(_:sourceLocation:)`` that is still
/// alive when the test case ends, even when the case throws.
///
/// Apply it as ``Testing/Trait/trackingMemoryLeaks``: it is Swift Testing's form of XCTest's
/// `addTeardownBlock` leak check. The trait holds the instances weakly, so it never keeps one
/// alive itself.
///
/// ```swift
/// @Test(.trackingMemoryLeaks) func retrieve_deliversNilOnEmptyStore() async throws {
///   let sut = MyStore()
///   trackForMemoryLeaks(sut)
///
///   #expect(try await sut.retrieve() == nil)
/// }
/// ```
public struct MemoryLeakTrackingTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test in a suite that has the trait.
  public var isRecursive: Bool { true }

  /// Runs `function`, then records an issue for each tracked instance that is still alive, at
  /// the line that tracked it.
  ///
  /// - Parameters:
  ///   - test: The test that runs.
  ///   - testCase: The test case that runs.
  ///   - function: The test case's body.
  /// - Throws: What `function` throws, after the leaks are reported.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let tracker = LeakTracker()
    defer { tracker.reportSurvivors() }
    try await LeakTracker.$current.withValue(tracker) {
      try await function()
    }
  }
}

extension Trait where Self == MemoryLeakTrackingTrait {
  /// Reports instances passed to ``trackForMemoryLeaks(_:sourceLocation:)`` that outlive the
  /// test case.
  public static var trackingMemoryLeaks: Self { MemoryLeakTrackingTrait() }
}

/// Records an issue at the caller's line unless `instance` is deallocated by the time the
/// running test case ends.
///
/// Call it in a test with the ``Testing/Trait/trackingMemoryLeaks`` trait, usually in a
/// `makeSUT` factory that passes its own caller's `sourceLocation` on. Without the trait it
/// records an issue saying so, instead of checking nothing.
///
/// - Parameters:
///   - instance: The object that must not outlive the test case; it is held weakly.
///   - sourceLocation: Where a leak is reported; the caller's line by default.
public func trackForMemoryLeaks(
  _ instance: AnyObject, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let tracker = LeakTracker.current else {
    Issue.record(
      "trackForMemoryLeaks needs the .trackingMemoryLeaks trait on the test or its suite",
      sourceLocation: sourceLocation)
    return
  }
  tracker.track(instance, sourceLocation: sourceLocation)
}
