import Foundation

/// How a durable store waits for a lock that another store or process holds: it retries after
/// 25 µs, doubling the pause to at most 2 ms, until the time it has slept reaches its timeout.
///
/// Every wait for a lock uses this schedule, so none waits forever, and a writer queued behind a
/// few short writes waits about as long as they take: SQLite's own busy timeout sleeps 1, 2, 5,
/// 10, 15, 20, 25… ms between attempts, often far longer. The SQLite store's busy handler and its
/// lock on the directory while it removes a damaged file use it, and so does the JSON store's
/// lock file.
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

  /// Takes the exclusive `flock` on `descriptor`, retrying on this schedule while another holder
  /// has it, until `timeout`.
  ///
  /// - Returns: `0`, or `-1` with `errno` set: `EWOULDBLOCK` when the lock is still held at the
  ///   timeout, or what `flock` failed with otherwise (interruptions are retried).
  package static func lockExclusively(_ descriptor: Int32, timeout: Duration) -> Int32 {
    let timeout = microseconds(of: timeout)
    var attempt = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      switch errno {
      case EINTR:
        continue
      case EWOULDBLOCK:
        guard let pause = pause(beforeRetry: attempt, timeout: timeout) else {
          errno = EWOULDBLOCK
          return -1
        }
        usleep(UInt32(pause))
        attempt += 1
      default:
        return -1
      }
    }
    return 0
  }
}
