/// Awaits `body`, an exit test of Swift Testing, from a task of high priority.
///
/// The parent learns that the child exited from a task the exit test starts after the child.
/// Left at the test's priority, that task waits behind every other test's work on the
/// cooperative pool, for seconds when the run is busy; meanwhile Swift Testing's waiting thread
/// finds the exited child again and again, spinning a core. A task of high priority runs on
/// threads of their own.
///
/// - Parameter body: Runs the exit test and returns its result.
/// - Returns: What `body` returns.
package func awaitingExitTestAtHighPriority<Result: Sendable>(
  _ body: @escaping @Sendable () async -> Result
) async -> Result {
  await Task(priority: .high, operation: body).value
}
