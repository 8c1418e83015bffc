import Testing

/// Records an issue unless `instance` is deallocated when the running test case ends, or within
/// a second after.
///
/// Call it in a test with the ``Testing/Trait/trackingMemoryLeaks`` trait, from a test, a
/// factory or a catalog's spec, in a file that need not import Testing. Without the trait it
/// records an issue saying so, instead of checking nothing; a catalog tracks the implementations
/// its specs make only when ``SpecRun/tracksMemoryLeaks`` says the test asked for it.
///
/// A leak is reported at the line that tracked the instance, or, for an instance tracked while a
/// spec runs, at the line that called `verify`: where the spec's other failures are. In a spec
/// that runs in a child process, the child tracks and reports exactly as the test's own process
/// does.
///
/// - Parameters:
///   - instance: The object that must not outlive the test case; it is held weakly.
///   - fileID: The file that tracks it.
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

/// Records an issue unless `instance` is deallocated when the running test case ends, or within
/// a second after: ``trackForMemoryLeaks(_:fileID:filePath:line:column:)`` for a `makeSUT`
/// helper that passes its own caller's location on.
///
/// - Parameters:
///   - instance: The object that must not outlive the test case; it is held weakly.
///   - sourceLocation: Where a leak is reported, outside a spec.
public func trackForMemoryLeaks(_ instance: AnyObject, sourceLocation: SourceLocation) {
  let execution = SpecExecution.current
  guard let tracker = LeakTracker.current else {
    if let execution {
      execution.record(FailureMessage.trackingNeedsTheTrait)
    } else {
      Issue.record(
        Comment(rawValue: FailureMessage.trackingNeedsTheTrait), sourceLocation: sourceLocation)
    }
    return
  }
  tracker.track(instance, sourceLocation: execution?.settings.caller ?? sourceLocation)
}
