/// Thrown when something that works inside a running test, such as starting an exit test or
/// collecting its issues, is asked to run outside one.
struct NoRunningTest: Error, CustomStringConvertible {
  /// What needed the running test, as the error names it: `verifyInChildProcess`.
  let needing: String

  var description: String { "\(needing) works inside a running test, and none is running" }
}
