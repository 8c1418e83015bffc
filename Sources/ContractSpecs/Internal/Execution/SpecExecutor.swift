/// Runs a spec's tasks on ``SpecThreadPool``, never on Swift's cooperative pool, so that a job
/// never waits long behind threads an implementation blocks; the spec's watch learns when each
/// job waits for a thread, so that a wait the engine causes never counts against the spec.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SpecExecutor: TaskExecutor {
  private let watch: OperationWatch?

  /// An executor for the jobs of the spec `watch` bounds, or for the engine's own.
  init(watch: OperationWatch? = nil) {
    self.watch = watch
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    let watch = watch
    watch?.jobQueued()
    SpecThreadPool.shared.run {
      watch?.jobStarted()
      job.runSynchronously(on: executor)
    }
  }
}
