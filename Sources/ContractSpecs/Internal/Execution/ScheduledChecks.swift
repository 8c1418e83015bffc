import SharedSupport

/// The checks one owner schedules on the ``Watchdog``, each after the last, until it stops them:
/// stopping takes back the check still waiting, so it releases the owner now, not when it was due.
final class ScheduledChecks: Sendable {
  private let state = Locked(State())

  private struct State: Sendable {
    var waiting: Watchdog.Ticket?
    var isStopped = false
  }

  /// Runs `check` on the watchdog's thread once `delay` has passed, unless the checks are
  /// stopped first.
  ///
  /// - Parameters:
  ///   - delay: How long to wait first.
  ///   - check: Short work that never blocks for long.
  func schedule(after delay: Duration, _ check: @escaping @Sendable () -> Void) {
    let ticket = Watchdog.run(after: delay, check)
    let isStopped = state.withLock { state in
      state.waiting = ticket
      return state.isStopped
    }
    // The owner may have stopped while the check was being scheduled.
    if isStopped { Watchdog.cancel(ticket) }
  }

  /// Takes back the check still waiting, and every later one.
  func stop() {
    let waiting = state.withLock { state in
      state.isStopped = true
      return state.waiting
    }
    if let waiting { Watchdog.cancel(waiting) }
  }
}
