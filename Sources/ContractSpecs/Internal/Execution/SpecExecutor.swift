import Dispatch

/// Runs a spec's tasks on threads of Dispatch's own, never on Swift's cooperative pool, each job on
/// a serial queue of its own.
///
/// An implementation that blocks a thread for good (a lock taken twice, a file lock never
/// released) then blocks one of these. On the cooperative pool, which has one thread per core, a
/// few such specs would stop the whole test run; on one concurrent queue, Dispatch would give the
/// work that follows a new thread only when its monitor notices the stall, about a second later,
/// so every spec after the blocked ones started a second late. A new serial queue targets
/// Dispatch's overcommitting pool, which starts a thread at once whenever none is free. Each job
/// gets one, so a spec's concurrent tasks still run in parallel, as the concurrency specs need.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SpecExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue(label: "ContractSpecs.spec").async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
