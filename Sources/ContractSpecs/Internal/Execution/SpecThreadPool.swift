import Foundation

/// Threads that run specs' jobs: one per core while jobs are taken up promptly, and one more each
/// time a job has waited a few milliseconds for a thread, as when implementations block every
/// thread or a busy run queues jobs behind long ones.
///
/// An implementation that blocks a thread for good (a lock taken twice, a file lock never
/// released) keeps it. Swift's cooperative pool never grows, so a few such specs would stop the
/// whole test run; Dispatch's concurrent queues grow only when its monitor notices, about a second
/// for each blocked thread; a serial queue for each job starts a thread at once, but wakes a
/// thread for every job, which doubled the CPU time of short specs. Here a thread that finishes a
/// job takes the next one waiting without a wake-up, and a watcher, alive while there is work,
/// starts a thread when a job has waited a whole `patience` for one. That bounds how long a spec
/// waits for a thread, to start or to go on after an operation, however busy the run is, so a
/// short time limit measures the implementation, not a queue. Threads beyond one per core end
/// after a few seconds without work.
///
/// `@unchecked Sendable` is safe: the stored properties other than the constants are read and
/// written only while `condition` is locked.
final class SpecThreadPool: @unchecked Sendable {
  /// The pool every spec runs on.
  static let shared = SpecThreadPool(
    width: ProcessInfo.processInfo.activeProcessorCount, patience: 0.02)

  private let width: Int
  private let patience: TimeInterval
  private let condition = NSCondition()
  private var waiting: [@Sendable () -> Void] = []
  /// The index in `waiting` of the job that runs next.
  private var next = 0
  private var threads = 0
  private var idleThreads = 0
  /// How many jobs have been given: with those still waiting, the watcher's measure of how long
  /// jobs wait.
  private var given = 0
  private var isWatched = false

  /// A pool of at least `width` threads, which starts another when a job has waited `patience`
  /// seconds for one.
  init(width: Int, patience: TimeInterval) {
    self.width = max(1, width)
    self.patience = patience
  }

  /// Runs `job` on one of the pool's threads, soon.
  func run(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    defer { condition.unlock() }
    waiting.append(job)
    given += 1
    if idleThreads > 0 {
      condition.signal()
    } else if threads < width {
      startWorker()
    }
    if !isWatched { startWatcher() }
  }

  private var waitingCount: Int { waiting.count - next }

  /// Takes the job that has waited longest; `condition` must be locked.
  private func takeNextJob() -> @Sendable () -> Void {
    let job = waiting[next]
    next += 1
    if next == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      next = 0
    } else if next >= 1_024, next * 2 >= waiting.count {
      waiting.removeFirst(next)
      next = 0
    }
    return job
  }

  /// Starts a thread that runs jobs; `condition` must be locked.
  private func startWorker() {
    threads += 1
    let thread = Thread { [self] in work() }
    thread.name = "ContractSpecs.spec"
    thread.start()
  }

  /// Starts the thread that watches for jobs no thread is free to take; `condition` must be
  /// locked.
  private func startWatcher() {
    isWatched = true
    let thread = Thread { [self] in watch() }
    thread.name = "ContractSpecs.spec.watcher"
    thread.start()
  }

  private func work() {
    condition.lock()
    while true {
      while waitingCount == 0 {
        idleThreads += 1
        let isSignaled = condition.wait(until: Date(timeIntervalSinceNow: 5))
        idleThreads -= 1
        if !isSignaled, waitingCount == 0, threads > width {
          threads -= 1
          condition.unlock()
          return
        }
      }
      let job = takeNextJob()
      condition.unlock()
      job()
      condition.lock()
    }
  }

  private func watch() {
    var givenBefore = 0
    while true {
      Thread.sleep(forTimeInterval: patience)
      condition.lock()
      if waitingCount == 0, idleThreads == threads {
        isWatched = false
        condition.unlock()
        return
      }
      // A job given before the last look and not yet taken has waited at least `patience`: the
      // jobs taken, `given - waitingCount`, do not reach as far as those given then.
      if idleThreads == 0, given - waitingCount < givenBefore {
        startWorker()
      }
      givenBefore = given
      condition.unlock()
    }
  }
}
