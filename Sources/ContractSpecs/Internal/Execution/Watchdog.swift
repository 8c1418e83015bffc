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
  /// A check waiting for its time, which ``cancel(_:)`` takes back.
  struct Ticket: Sendable, Hashable {
    fileprivate let number: UInt64
  }

  /// Runs `check` on the watchdog's thread once `delay` has passed, after the checks due before.
  ///
  /// - Parameters:
  ///   - delay: How long to wait first; zero runs it as soon as the thread is free.
  ///   - check: Short work that never blocks for long.
  /// - Returns: The ticket that cancels the check.
  @discardableResult
  static func run(after delay: Duration = .zero, _ check: @escaping @Sendable () -> Void)
    -> Ticket
  {
    thread.schedule(check, at: ContinuousClock.now + delay)
  }

  /// Takes back a check that has not started, releasing what it holds; a check that has started
  /// or ended is left as it is.
  ///
  /// - Parameter ticket: The ticket ``run(after:_:)`` returned.
  static func cancel(_ ticket: Ticket) {
    thread.cancel(ticket)
  }

  private static let thread = WatchdogThread()
}

/// The thread behind ``Watchdog``, with the checks it has yet to run.
///
/// `@unchecked Sendable` is safe: `pending` and `lastTicket` are read and changed only while
/// `condition` is locked, and the thread, started once, touches nothing else.
private final class WatchdogThread: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending:
    [Watchdog.Ticket: (due: ContinuousClock.Instant, check: @Sendable () -> Void)] =
      [:]
  private var lastTicket: UInt64 = 0

  init() {
    let thread = Thread { [self] in runForever() }
    thread.name = "ContractSpecs watchdog"
    thread.start()
  }

  func schedule(_ check: @escaping @Sendable () -> Void, at due: ContinuousClock.Instant)
    -> Watchdog.Ticket
  {
    condition.lock()
    defer { condition.unlock() }
    lastTicket += 1
    let ticket = Watchdog.Ticket(number: lastTicket)
    pending[ticket] = (due, check)
    condition.signal()
    return ticket
  }

  func cancel(_ ticket: Watchdog.Ticket) {
    condition.lock()
    pending[ticket] = nil
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
      // The earliest due, and of those the first scheduled.
      let next = pending.min { ($0.value.due, $0.key.number) < ($1.value.due, $1.key.number) }
      guard let next else {
        condition.wait()
        continue
      }
      let wait = ContinuousClock.now.duration(to: next.value.due)
      guard wait > .zero else {
        pending[next.key] = nil
        return next.value.check
      }
      let (seconds, attoseconds) = wait.components
      _ = condition.wait(
        until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) * 1e-18))
    }
  }
}
