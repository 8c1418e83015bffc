import Dispatch

/// Runs a store's blocking work (file and database I/O) one job at a time on a dispatch queue of
/// its own, never on Swift's cooperative thread pool, with state that only that work touches.
///
/// The cooperative pool has one thread per core. A store that blocked one of them for every
/// read, write or lock wait would leave, with as many busy stores as cores, no thread for any
/// other task of the app. Here a caller suspends while its job runs, and jobs run in the order
/// they are enqueued.
///
/// `@unchecked Sendable` is safe: `state` is read and written only by jobs, and every job runs on
/// `queue`, a serial queue, so no two of them ever touch it at once; what a job returns is
/// `Sendable`.
package final class BlockingWorkQueue<State>: @unchecked Sendable {
  private let queue: DispatchQueue
  private var state: State

  /// Creates a queue whose jobs work on `state`.
  ///
  /// - Parameters:
  ///   - label: The dispatch queue's label, as debuggers show it.
  ///   - state: What the jobs read and change, and nothing else does.
  package init(label: String, state: State) {
    self.queue = DispatchQueue(label: label)
    self.state = state
  }

  /// Runs `job` on the queue after the jobs enqueued before it, suspending the caller meanwhile.
  ///
  /// - Parameter job: Blocking work on the state.
  /// - Returns: What `job` returns.
  /// - Throws: What `job` throws.
  package func run<Value: Sendable, Failure: Error>(
    _ job: @escaping @Sendable (inout State) throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
      queue.async {
        do throws(Failure) {
          continuation.resume(returning: .success(try job(&self.state)))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }
}
