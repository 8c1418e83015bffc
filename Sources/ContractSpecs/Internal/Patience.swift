/// Waits for something that happens on its own soon, such as an object's release once the work
/// that still holds it returns, checking at growing intervals from 1 ms to 100 ms.
enum Patience {
  /// Waits until `condition` holds, or `patience` has passed.
  ///
  /// - Parameters:
  ///   - patience: How long to wait at most.
  ///   - condition: What to wait for; checked first, before any wait.
  /// - Returns: Whether `condition` held in the end.
  /// - Throws: `CancellationError` when the task is cancelled.
  static func wait(
    atMost patience: Duration, until condition: () -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + patience
    var pause = Duration.milliseconds(1)
    while !condition(), clock.now < deadline {
      try await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(100))
    }
    return condition()
  }
}
