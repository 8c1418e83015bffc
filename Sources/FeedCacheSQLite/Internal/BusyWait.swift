import Foundation

/// How a store waits for a lock that another connection, store or process holds: it retries
/// after 25 µs, doubling the pause to at most 2 ms, until the time it has slept reaches its busy
/// timeout.
///
/// SQLite's own busy timeout sleeps 1, 2, 5, 10, 15, 20, 25… ms between attempts, so a writer
/// queued behind a few short transactions often waits far longer than they take. Both of the
/// store's waits use this schedule: SQLite's busy handler, and the lock on the directory that
/// removing a damaged file takes.
package enum BusyWait {
  /// `duration` in whole microseconds, at least zero and at most `Int32.max` seconds' worth.
  package static func microseconds(of duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(
      max(0, min(seconds, Int64(Int32.max)) * 1_000_000 + attoseconds / 1_000_000_000_000))
  }

  /// How many microseconds to sleep before retry number `attempt` (counting from zero), or `nil`
  /// when the pauses before it already add up to `timeout` microseconds.
  package static func pause(beforeRetry attempt: Int, timeout: Int) -> Int? {
    // Pauses of 25 µs << n reach the 2 ms cap at n = 7, having slept 25 µs × 127 by then.
    let slept = attempt <= 7 ? 25 * ((1 << attempt) - 1) : 25 * 127 + (attempt - 7) * 2_000
    guard slept < timeout else { return nil }
    return min(25 << min(attempt, 7), 2_000, timeout - slept)
  }
}
