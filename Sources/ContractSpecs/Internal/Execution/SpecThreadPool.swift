import CProcessControl
import Dispatch
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
/// job takes the next one waiting without a wake-up, and looks on the ``Watchdog``'s thread, made
/// while jobs wait, start a thread when a job has waited a whole `patience` for one. That bounds how long a spec
/// waits for a thread, to start or to go on after an operation, however busy the run is, so a
/// short time limit measures the implementation, not a queue. Threads beyond one per core end
/// after a few seconds without work.
///
/// The pool has a cap (``configuredCap``), and the system may refuse a thread before it (a
/// user's process limit, `ulimit -u`): a job that waits then waits for the engine, not for the
/// implementation, which ``starvation`` tells the specs' watches, with the limit that stopped
/// the pool. The looks go on only while jobs wait, so a thread blocked for good costs nothing
/// once the jobs have run, and they need no thread of their own, which the system could refuse.
///
/// `@unchecked Sendable` is safe: the stored properties other than the constants are read and
/// written only while `condition` is locked.
final class SpecThreadPool: @unchecked Sendable {
  /// The pool every spec runs on.
  static let shared = SpecThreadPool(
    width: ProcessInfo.processInfo.activeProcessorCount, cap: configuredCap, patience: 0.02)

  /// The variable that sets the cap of the pool's threads.
  static var capVariable: String { "CONTRACT_SPECS_MAX_THREADS" }

  /// The cap ``capVariable`` sets, a whole number from 1; else 64: enough for every spec a run
  /// has at once, with room for a few implementations that block their thread for good.
  static var configuredCap: Int {
    let value = ProcessInfo.processInfo.environment[capVariable].flatMap { Int($0) }
    return value.map { max(1, $0) } ?? 64
  }

  /// What stopped the pool from starting a thread a job waited for.
  enum Limit: Sendable, Hashable {
    /// The pool has as many threads as its cap.
    case cap(Int)
    /// The system refused a new thread, with this error number, when the pool had `threads`.
    case system(errno: Int32, threads: Int)
  }

  /// How long jobs have waited with no thread the pool could start for them, in nanoseconds over
  /// the pool's life, and the limit that stopped it last.
  struct Starvation: Sendable {
    var nanoseconds: UInt64
    var isStarved: Bool
    var limit: Limit?
  }

  private let width: Int
  private let cap: Int
  private let patience: TimeInterval
  private let startThread: @Sendable (@escaping @Sendable () -> Void) -> Int32
  private let condition = NSCondition()
  private var waiting: [@Sendable () -> Void] = []
  /// The index in `waiting` of the job that runs next.
  private var next = 0
  private var threads = 0
  private var idleThreads = 0
  /// How many jobs have been given: with those still waiting, the looks' measure of how long
  /// jobs wait.
  private var given = 0
  /// Whether a look for jobs that waited is scheduled on the ``Watchdog``.
  private var isWatched = false
  /// `given` at the last look.
  private var givenAtLastLook = 0
  /// How many looks in a row found no job waiting.
  private var looksWithNoneWaiting = 0
  /// Since when, in uptime nanoseconds, jobs have waited with no thread the pool could start.
  private var starvedSince: UInt64?
  private var starved = Starvation(nanoseconds: 0, isStarved: false, limit: nil)

  /// A pool of at least `width` threads and at most `cap`, which starts another when a job has
  /// waited `patience` seconds for one, through `startThread` (which returns 0, or the error
  /// number that refused the thread).
  init(
    width: Int, cap: Int, patience: TimeInterval,
    startThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> Int32 =
      SpecThreadPool.startSystemThread
  ) {
    self.width = max(1, width)
    self.cap = max(self.width, cap)
    self.patience = patience
    self.startThread = startThread
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
      _ = startWorker()
    }
    // A job no idle thread is sure to take may wait: look after it.
    if !isWatched, waitingCount > idleThreads { startWatcher() }
  }

  /// How long jobs have waited for a thread the pool could not start, up to now.
  var starvation: Starvation {
    condition.lock()
    defer { condition.unlock() }
    var now = starved
    if let starvedSince { now.nanoseconds += Self.now() &- starvedSince }
    return now
  }

  /// Whether looks are scheduled: only while jobs wait for a thread, and a little after.
  var isWatching: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isWatched
  }

  private var waitingCount: Int { waiting.count - next }

  /// Takes the job that has waited longest; `condition` must be locked.
  private func takeNextJob() -> @Sendable () -> Void {
    let job = waiting[next]
    next += 1
    if next == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      next = 0
      endStarvation()
    } else if next >= 1_024, next * 2 >= waiting.count {
      waiting.removeFirst(next)
      next = 0
    }
    return job
  }

  /// Starts a thread that runs jobs, unless the cap or the system stops it; `condition` must be
  /// locked.
  ///
  /// - Returns: Whether it started one.
  private func startWorker() -> Bool {
    guard threads < cap else {
      beginStarvation(.cap(cap))
      return false
    }
    let error = startThread { [self] in work() }
    guard error == 0 else {
      beginStarvation(.system(errno: error, threads: threads))
      return false
    }
    threads += 1
    return true
  }

  /// Notes that jobs wait with no thread the pool can start; `condition` must be locked.
  private func beginStarvation(_ limit: Limit) {
    starved.limit = limit
    starved.isStarved = true
    if starvedSince == nil { starvedSince = Self.now() }
  }

  /// Notes that no job waits any more; `condition` must be locked.
  private func endStarvation() {
    guard let since = starvedSince else { return }
    starved.nanoseconds += Self.now() &- since
    starved.isStarved = false
    starvedSince = nil
  }

  /// Schedules looks for jobs no thread is free to take, on the watchdog's thread, which never
  /// needs a thread started; `condition` must be locked.
  private func startWatcher() {
    isWatched = true
    looksWithNoneWaiting = 0
    givenAtLastLook = given
    scheduleLook()
  }

  private func scheduleLook() {
    Watchdog.run(after: .nanoseconds(Int64(patience * 1e9))) { [self] in look() }
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

  /// Starts a thread when a job has waited a whole `patience`, and looks again while any wait;
  /// the looks end once none has waited for several looks.
  private func look() {
    condition.lock()
    defer { condition.unlock() }
    if waitingCount == 0 {
      looksWithNoneWaiting += 1
      if looksWithNoneWaiting >= 10 {
        isWatched = false
        return
      }
    } else {
      looksWithNoneWaiting = 0
    }
    // A job given before the last look and not yet taken has waited at least `patience`: the
    // jobs taken, `given - waitingCount`, do not reach as far as those given then.
    if idleThreads == 0, given - waitingCount < givenAtLastLook {
      _ = startWorker()
    }
    givenAtLastLook = given
    scheduleLook()
  }

  /// Starts a detached system thread running `body`.
  ///
  /// - Returns: 0, or the error number that refused it.
  @Sendable static func startSystemThread(_ body: @escaping @Sendable () -> Void) -> Int32 {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    let error = contractspecs_start_thread(
      { context in
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, context)
    if error != 0 { Unmanaged<ThreadBody>.fromOpaque(context).release() }
    return error
  }

  private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// What a system thread runs, passed through its C start routine.
private final class ThreadBody: Sendable {
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }
}
