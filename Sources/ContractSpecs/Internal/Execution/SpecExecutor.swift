/// Runs a spec's tasks on ``SpecThreadPool``, never on Swift's cooperative pool, so that a job
/// never waits long behind threads an implementation blocks.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SpecExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    SpecThreadPool.shared.run { job.runSynchronously(on: executor) }
  }
}
