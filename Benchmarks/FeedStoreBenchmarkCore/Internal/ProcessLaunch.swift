import Foundation

/// Starts the benchmark's child processes one at a time.
///
/// Foundation's `Process` on Linux learns that a child exited when a socket closes, whose end it
/// gives the child open across `exec` and closes in the parent only once the child started: a
/// child that another thread starts meanwhile inherits that end, and the first child's exit goes
/// unnoticed until the second exits too. Two comparisons in one process deadlocked so: one waited
/// for a worker that had exited, whose end another comparison's worker held while it waited for
/// its next request. Started one at a time, no child gets another's end.
package enum ProcessLaunch {
  private static let lock = NSLock()

  /// Starts `process` while no other child of the benchmark starts.
  ///
  /// - Throws: What `Process.run()` throws.
  package static func run(_ process: Process) throws {
    lock.lock()
    defer { lock.unlock() }
    try process.run()
  }
}
