import Dispatch

/// Runs a store's blocking work (file and database I/O) one job at a time on a dispatch queue of
/// its own, never on Swift's cooperative thread pool, with state that only that work touches.
///
/// The cooperative pool has one thread per core. A store that blocked one of them for every
/// read, write or lock wait would leave, with as many busy stores as cores, no thread for any
/// other task of the app. Here a caller suspends while its job runs, and jobs run in the order
/// they are enqueued.
///
/// The state is released on the queue too, after every job, whichever thread lets the queue go:
/// releasing it may block as well (a database that closes checkpoints its log).
///
/// `@unchecked Sendable` is safe: the state is read and written only by jobs and released only
/// by the last job, which `deinit` enqueues; every job runs on `queue`, a serial queue, so no two
/// of them ever touch it at once; what a job returns is `Sendable`.
package final class BlockingWorkQueue<State>: @unchecked Sendable {
  private let queue: DispatchQueue
  /// The state's box, held by one reference that only the queue's last job lets go of: a strong
  /// reference here would be let go of wherever `deinit` runs, after that job or before it.
  private let storage: Unmanaged<Storage>

  /// Creates a queue whose jobs work on `state`.
  ///
  /// - Parameters:
  ///   - label: The dispatch queue's label, as debuggers show it.
  ///   - state: What the jobs read and change, and nothing else does.
  package init(label: String, state: State) {
    self.queue = DispatchQueue(label: label)
    self.storage = .passRetained(Storage(state))
  }

  deinit {
    let storage = self.storage
    queue.async { storage.release() }
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
          let state = self.storage.takeUnretainedValue()
          continuation.resume(returning: .success(try job(&state.value)))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// A box for the state, so that one reference to it can be let go of on the queue.
  ///
  /// `@unchecked Sendable` is safe for the queue's reason: only its jobs touch the box.
  private final class Storage: @unchecked Sendable {
    var value: State

    init(_ value: State) {
      self.value = value
    }
  }
}
