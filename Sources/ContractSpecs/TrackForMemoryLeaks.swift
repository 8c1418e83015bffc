import Testing

/// Records an issue at the caller's line unless `instance` is deallocated when the running test
/// case ends, or within a second after.
///
/// Call it in a test with the ``Testing/Trait/trackingMemoryLeaks`` trait, from a test or a
/// factory, in a file that need not import Testing. In a spec that runs in a child process, the
/// child tracks and reports exactly as the test's own process does. Without the trait it records
/// an issue saying so, instead of checking nothing.
///
/// - Parameters:
///   - instance: The object that must not outlive the test case; it is held weakly.
///   - fileID: The file that tracks it, where a leak is reported.
///   - filePath: The path of that file.
///   - line: The line that tracks it.
///   - column: The column that tracks it.
public func trackForMemoryLeaks(
  _ instance: AnyObject, fileID: String = #fileID, filePath: String = #filePath,
  line: Int = #line, column: Int = #column
) {
  trackForMemoryLeaks(
    instance,
    sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Records an issue at `sourceLocation` unless `instance` is deallocated when the running test
/// case ends, or within a second after: the form for a `makeSUT` helper that passes its own
/// caller's location on.
///
/// - Parameters:
///   - instance: The object that must not outlive the test case; it is held weakly.
///   - sourceLocation: Where a leak is reported.
public func trackForMemoryLeaks(_ instance: AnyObject, sourceLocation: SourceLocation) {
  guard let tracker = LeakTracker.current else {
    Issue.record(
      "trackForMemoryLeaks needs the .trackingMemoryLeaks trait on the test or its suite",
      sourceLocation: sourceLocation)
    return
  }
  tracker.track(instance, sourceLocation: sourceLocation)
}
