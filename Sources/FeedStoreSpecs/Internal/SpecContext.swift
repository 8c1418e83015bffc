import Testing

/// What the running spec knows about its caller, kept in a task-local so that every helper deep
/// in a spec reports at the right place without taking a location parameter.
///
/// ``FeedStoreSpec/verify(_:sourceLocation:)`` sets it once; child tasks inherit it.
enum SpecContext {
  /// The line that called `verify`, where every failure of the running spec is recorded.
  @TaskLocal static var caller: SourceLocation?
}

/// Records a failure of the running spec, at the line that called `verify`.
///
/// Outside a spec, as in the library's own unit tests of its helpers, it records at this line.
///
/// - Parameter message: What was expected and the first difference, in a line or two.
func recordFailure(_ message: String) {
  Issue.record(Comment(rawValue: message), sourceLocation: SpecContext.caller ?? #_sourceLocation)
}
