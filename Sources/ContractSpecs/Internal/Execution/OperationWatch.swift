import Dispatch
import SharedSupport

/// The operations one spec waits for, bounded in time: the watchdog gives up on the spec when
/// one has been in flight for the limit, or when nothing started or ended for that long.
///
/// ``SpecRun/perform(_:_:)`` registers each operation here, so that the watchdog knows what the
/// spec waits for and a failure can name it.
///
/// The time a job of the spec waits for a thread that ``SpecThreadPool`` cannot start (its cap,
/// or the system's limit) is the engine's, never the implementation's: the watchdog waits while
/// it lasts, and the spec's operations start counting again once the job has its thread. A spec
/// that gets no thread for ``longestWaitForAThread(limit:)`` ends, naming the engine's limit.
final class OperationWatch: Sendable {
  private let limit: Duration
  private let progress: Locked<Progress>
  private let expiryHandler = Locked<(@Sendable (Expiry) -> Void)?>(nil)
  private let checks = ScheduledChecks()

  init(limit: Duration) {
    self.limit = limit
    progress = Locked(Progress(lastProgress: Self.now()))
  }

  /// What the spec has started and finished, in uptime nanoseconds.
  private struct Progress: Sendable {
    var inFlight: [Int: InFlight] = [:]
    var nextToken = 0
    var lastProgress: UInt64
    var lastOperation: OperationName?
    var expiry: Expiry?
    var isFinished = false
    var isExpiryRequested = false
    /// The operation that ended last, when it threw, with the type of its error.
    var lastThrow: (operation: OperationName, errorType: ObjectIdentifier)?
    /// How many of the spec's jobs wait for a pool thread, and since when the first did.
    var queuedJobs = 0
    var queuedSince: UInt64 = 0
    /// Whether the watchdog waited for the engine during the jobs' present wait.
    var isWaitingForTheEngine = false
    /// The limit of the engine's that made the spec wait, if one did.
    var engineLimit: SpecThreadPool.Limit?
  }

  private struct InFlight: Sendable {
    let name: OperationName
    var start: UInt64
  }

  /// The limit of the engine's that made the spec wait for a thread, if one did.
  var engineLimit: SpecThreadPool.Limit? { progress.withLock { $0.engineLimit } }

  /// The shortest limit the engine measures; a shorter one asked for is raised to it.
  ///
  /// A job may wait a few times the pool's patience for a thread, and a child beats its heart
  /// every quarter of the limit: a shorter limit would measure the engine.
  static var shortestLimit: Duration { .milliseconds(100) }

  /// The longest a spec's job waits for a thread the pool cannot start before the spec ends: ten
  /// times its limit, and at least ten seconds.
  static func longestWaitForAThread(limit: Duration) -> Duration {
    max(limit * 10, .seconds(10))
  }

  /// Registers that a job of the spec waits for a pool thread.
  func jobQueued() {
    let now = Self.now()
    progress.withLock { progress in
      if progress.queuedJobs == 0 { progress.queuedSince = now }
      progress.queuedJobs += 1
    }
  }

  /// Registers that a job of the spec got its thread: after a wait for the engine, the spec's
  /// operations and its progress count from now.
  func jobStarted() {
    let now = Self.now()
    progress.withLock { progress in
      progress.queuedJobs -= 1
      guard progress.isWaitingForTheEngine else { return }
      progress.isWaitingForTheEngine = false
      progress.lastProgress = max(progress.lastProgress, now)
      for token in progress.inFlight.keys {
        progress.inFlight[token]?.start = now
      }
    }
  }

  /// Whether the watchdog has given up on the spec.
  var isAbandoned: Bool { progress.withLock { $0.expiry != nil } }

  /// Whether the spec has waited for any operation.
  var hasBegunAnOperation: Bool { progress.withLock { $0.nextToken > 0 } }

  /// Registers that the spec now waits for `operation`.
  ///
  /// - Returns: The token that ends it.
  /// - Throws: ``SpecAbandoned`` when the watchdog has given up on the spec.
  func begin(_ operation: OperationName) throws -> Int {
    let now = Self.now()
    return try progress.withLock { progress in
      guard progress.expiry == nil else { throw SpecAbandoned() }
      progress.nextToken += 1
      progress.inFlight[progress.nextToken] = InFlight(name: operation, start: now)
      progress.lastProgress = now
      progress.lastOperation = operation
      progress.lastThrow = nil
      return progress.nextToken
    }
  }

  /// Registers that the operation of `token` returned, or threw `error`.
  ///
  /// - Throws: ``SpecAbandoned`` when the watchdog gave up on the spec meanwhile: the spec
  ///   must not go on once its test has moved on.
  func end(_ token: Int, throwing error: (any Error)? = nil) throws {
    let now = Self.now()
    try progress.withLock { progress in
      let operation = progress.inFlight.removeValue(forKey: token)
      progress.lastProgress = now
      if let operation, let error {
        progress.lastThrow = (operation.name, ObjectIdentifier(type(of: error)))
      } else {
        progress.lastThrow = nil
      }
      guard progress.expiry == nil else { throw SpecAbandoned() }
    }
  }

  /// The operation that threw `error`, when the spec ended with it: the last operation to end
  /// threw an error of the same type and nothing began after it, so the spec let it escape.
  func operation(thatThrew error: any Error) -> String? {
    progress.withLock { progress in
      guard let last = progress.lastThrow,
        last.errorType == ObjectIdentifier(type(of: error))
      else { return nil }
      return last.operation.text
    }
  }

  /// Starts bounding the spec's operations in time: `handler` is called once, on the watchdog's
  /// own thread, when an operation has been in flight for the limit, or nothing has started or
  /// ended for that long.
  func start(whenExpired handler: @escaping @Sendable (Expiry) -> Void) {
    expiryHandler.withLock { $0 = handler }
    scheduleCheck(after: limit)
  }

  /// Stops the watchdog: the spec has ended.
  ///
  /// - Returns: `false` when the watchdog gave up on the spec first.
  @discardableResult
  func finish() -> Bool {
    checks.stop()
    return progress.withLock { progress in
      progress.isFinished = true
      return progress.expiry == nil
    }
  }

  /// Makes the watchdog treat the operations in flight as past their limit now.
  func expireOperationsInFlight() {
    progress.withLock { $0.isExpiryRequested = true }
    Watchdog.run { self.check() }
  }

  private func scheduleCheck(after delay: Duration) {
    checks.schedule(after: max(delay, .milliseconds(1))) { self.check() }
  }

  private func check() {
    let limit = Self.nanoseconds(limit)
    let longestWait = Self.nanoseconds(Self.longestWaitForAThread(limit: self.limit))
    let starvation = SpecThreadPool.shared.starvation
    let now = Self.now()
    let (expiry, nextCheck) = progress.withLock { progress -> (Expiry?, UInt64?) in
      guard !progress.isFinished, progress.expiry == nil else { return (nil, nil) }
      let oldest = progress.inFlight.values.min { $0.start < $1.start }
      let isDue =
        if let oldest {
          progress.isExpiryRequested || now &- oldest.start >= limit
        } else {
          now &- progress.lastProgress >= limit
        }
      if isDue, progress.queuedJobs > 0, starvation.isStarved, let engineLimit = starvation.limit {
        progress.isWaitingForTheEngine = true
        progress.engineLimit = engineLimit
        if now &- progress.queuedSince >= longestWait {
          progress.expiry = .noThread(engineLimit)
        } else {
          return (nil, limit)
        }
      } else if let oldest, isDue {
        progress.expiry = .operation(oldest.name.text)
      } else if isDue {
        progress.expiry = .noProgress(after: progress.lastOperation?.text)
      }
      if let expiry = progress.expiry { return (expiry, nil) }
      let deadline = (oldest?.start ?? progress.lastProgress) &+ limit
      return (nil, deadline &- now)
    }
    if let expiry {
      expiryHandler.withLock { $0 }?(expiry)
    } else if let nextCheck {
      scheduleCheck(after: .nanoseconds(Int64(clamping: nextCheck)))
    }
  }

  private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds)) / 1_000_000_000
  }
}

/// How a spec ran out of time.
enum Expiry: Sendable, Equatable {
  /// The named operation did not return within the limit.
  case operation(String)
  /// Nothing the spec waits for started or ended within the limit, after the named operation.
  case noProgress(after: String?)
  /// The spec waited for a thread the engine could not start, for its limit, for too long.
  case noThread(SpecThreadPool.Limit)
}

/// Thrown out of an operation that returns after the watchdog gave up on its spec, so that the
/// spec ends without recording anything more.
struct SpecAbandoned: Error {}

/// What an operation is called, as a failure names it: given, or made only when a failure needs
/// it, for the engine's own operations, whose names take reflection to spell.
struct OperationName: Sendable {
  private let make: @Sendable () -> String

  init(_ text: String) {
    make = { text }
  }

  init(describedBy make: @escaping @Sendable () -> String) {
    self.make = make
  }

  var text: String { make() }
}
