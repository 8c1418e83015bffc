import Foundation

/// Runs the engine's timed checks (time limits, a child's heartbeat, its supervision) on one
/// thread of its own, never on a pool.
///
/// An implementation under test can fill a pool with blocked threads, and so can a test run
/// itself: Swift Testing reads an exit test's output with blocking reads on the cooperative pool,
/// and a stopped child never ends those reads. A check queued on a pool would wait for a thread
/// as long as the pool decides, and the hang it exists to end would last as long. Each check is
/// short (a file read or write, a signal, a continuation resumed), so one thread serves them
/// all, one at a time.
enum Watchdog {
  /// Runs `check` on the watchdog's thread once `delay` has passed, after the checks due before.
  ///
  /// - Parameters:
  ///   - delay: How long to wait first; zero runs it as soon as the thread is free.
  ///   - check: Short work that never blocks for long.
  static func run(after delay: Duration = .zero, _ check: @escaping @Sendable () -> Void) {
    thread.schedule(check, at: ContinuousClock.now + delay)
  }

  private static let thread = WatchdogThread()
}

/// The thread behind ``Watchdog``, with the checks it has yet to run.
///
/// `@unchecked Sendable` is safe: `pending` is read and changed only while `condition` is locked,
/// and the thread, started once, touches nothing else.
private final class WatchdogThread: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending: [(due: ContinuousClock.Instant, check: @Sendable () -> Void)] = []

  init() {
    let thread = Thread { [self] in runForever() }
    thread.name = "ContractSpecs watchdog"
    thread.start()
  }

  func schedule(_ check: @escaping @Sendable () -> Void, at due: ContinuousClock.Instant) {
    condition.lock()
    pending.append((due, check))
    condition.signal()
    condition.unlock()
  }

  private func runForever() {
    while true {
      nextDueCheck()()
    }
  }

  /// Waits until the earliest check is due, and takes it out of `pending`.
  private func nextDueCheck() -> @Sendable () -> Void {
    condition.lock()
    defer { condition.unlock() }
    while true {
      guard let next = pending.indices.min(by: { pending[$0].due < pending[$1].due }) else {
        condition.wait()
        continue
      }
      let wait = ContinuousClock.now.duration(to: pending[next].due)
      guard wait > .zero else { return pending.remove(at: next).check }
      let (seconds, attoseconds) = wait.components
      _ = condition.wait(
        until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18))
    }
  }
}
