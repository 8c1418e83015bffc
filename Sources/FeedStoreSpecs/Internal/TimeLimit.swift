import Foundation

/// How an operation that may hang ended.
enum TimedOutcome<Value: Sendable>: Sendable {
  case returned(Value)
  case threw(any Error)
  case timedOut(Duration)
}

/// The time a store gets for one operation on damaged storage before the spec calls it hung.
let operationTimeLimit: Duration = .seconds(10)

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
    do {
      continuation.yield(.returned(try await operation()))
    } catch {
      continuation.yield(.threw(error))
    }
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
