import Dispatch

/// Runs the tasks of a concurrency round, each job on a serial Dispatch queue of its own, which
/// targets Dispatch's overcommitting pool: a thread is free for every job at once.
///
/// The round's tasks then call the implementation in parallel, preempted anywhere, and a task
/// that suspends inside a call (a `Task.yield()` between two pieces of a write) waits for a
/// thread to take it up again while the others go on. Both matter: on ``SpecThreadPool``, one
/// thread per core taking jobs in turns, or with one thread for each task, broken caches passed
/// the spec about them in many runs that this executor catches (docs/Architecture.md,
/// "Measurements behind the engine's choices").
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ConcurrentCallExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue(label: "ContractSpecs.concurrentCall").async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
