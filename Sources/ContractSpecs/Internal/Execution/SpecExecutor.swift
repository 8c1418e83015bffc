import Dispatch

/// Runs a spec's tasks on threads of Dispatch's own, never on Swift's cooperative pool.
///
/// An implementation that blocks a thread for good (a lock taken twice, a file lock never
/// released) then blocks one of these, and Dispatch starts another for the work that follows;
/// on the cooperative pool, which has one thread per core, a few such specs would stop the whole
/// test run. The queue is concurrent, so a spec's concurrent tasks still run in parallel, as the
/// concurrency specs need.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SpecExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "ContractSpecs.spec", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
