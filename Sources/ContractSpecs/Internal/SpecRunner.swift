import SharedSupport

/// Runs a spec's body in a task of its own, bounded by its run's watchdog.
enum SpecRunner {
  /// Runs `spec` on `factory` with `state` as the task's run, until the body ends or the
  /// watchdog gives up on it.
  ///
  /// The body runs in a new task that inherits the caller's task-local values (the running test,
  /// its traits), on threads of its own (``SpecExecutor``) where the platform has task executors.
  /// When the watchdog gives up, this function returns and the body's task is left where it
  /// hangs: nothing can make a blocked operation return.
  ///
  /// - Parameters:
  ///   - spec: The spec to run.
  ///   - factory: Makes the implementations to check.
  ///   - state: The run's state, fresh.
  ///   - whenExpired: What the watchdog does when it gives up, on its own thread; by default it
  ///     ends the wait, so that this function returns the expiry.
  /// - Returns: How the spec ran out of time, or `nil` when its body ended.
  static func run<Catalog: SpecCatalog>(
    _ spec: Spec<Catalog>, on factory: Catalog.Factory, state: RunState,
    whenExpired: (@Sendable (Expiry) -> Void)? = nil
  ) async -> Expiry? {
    await withCheckedContinuation { (continuation: CheckedContinuation<Expiry?, Never>) in
      let resume = ResumeOnce(continuation)
      state.startWatchdog { expiry in
        if let whenExpired { whenExpired(expiry) } else { resume(with: expiry) }
      }
      let body: @Sendable () async -> Void = {
        await RunState.$current.withValue(state) {
          await spec.runBody(on: factory)
        }
        state.finish()
        resume(with: nil)
      }
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        Task(executorPreference: SpecExecutor(), operation: body)
      } else {
        Task(operation: body)
      }
    }
  }
}

/// Resumes a continuation with the first value it is given, ignoring the rest: the body's end
/// and the watchdog race to resume one wait.
private final class ResumeOnce: Sendable {
  private let continuation: Locked<CheckedContinuation<Expiry?, Never>?>

  init(_ continuation: CheckedContinuation<Expiry?, Never>) {
    self.continuation = Locked(continuation)
  }

  func callAsFunction(with value: Expiry?) {
    let first = continuation.withLock { continuation in
      defer { continuation = nil }
      return continuation
    }
    first?.resume(returning: value)
  }
}
