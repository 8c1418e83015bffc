import Foundation

/// How an operation that may hang ended.
enum TimedOutcome<Value: Sendable>: Sendable {
  case returned(Value)
  case threw(any Error)
  case timedOut(Duration)

  /// Runs `operation` to its end, however long it takes.
  init(_ operation: () async throws -> Value) async {
    do {
      self = .returned(try await operation())
    } catch {
      self = .threw(error)
    }
  }
}

/// The time a store gets for one operation on damaged storage before the spec calls it hung.
///
/// The operations it limits work on a cache of ten images, which a working store reads or writes
/// in milliseconds even on a loaded machine under the thread sanitizer: the limit only turns a
/// hung store into a failure of its spec instead of a stalled run.
let operationTimeLimit: Duration = .seconds(30)

/// Runs `operation`, giving up after `limit`: a store that hangs fails its spec instead of the
/// whole run.
///
/// The operation runs in a task of its own; when it hangs, that task is cancelled and left
/// behind, since a hung store cannot be made to stop.
func outcome<Value: Sendable>(
  within limit: Duration = operationTimeLimit,
  of operation: @escaping @Sendable () async throws -> Value
) async -> TimedOutcome<Value> {
  let (outcomes, continuation) = AsyncStream.makeStream(of: TimedOutcome<Value>.self)
  let work = Task {
    continuation.yield(await TimedOutcome(operation))
  }
  let timer = Task {
    try await Task.sleep(for: limit)
    continuation.yield(.timedOut(limit))
  }
  defer {
    work.cancel()
    timer.cancel()
    continuation.finish()
  }
  for await first in outcomes {
    return first
  }
  return .timedOut(limit)
}
