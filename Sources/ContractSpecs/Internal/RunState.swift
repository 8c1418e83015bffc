import Dispatch
import SharedSupport
import Testing

/// The state of one spec's run: its configuration, where its failures go, and the operations it
/// is waiting for, which a watchdog bounds in time.
///
/// `verify` sets it for the spec's task as ``current``; every part of the library reads it there,
/// so that helpers deep in a spec report at the caller's line and register what they wait for
/// without taking parameters.
final class RunState: Sendable {
  /// The run of the spec this task belongs to.
  @TaskLocal static var current: RunState?

  let configuration: RunConfiguration
  let sink: any IssueSink
  private let progress: Locked<Progress>
  private let expiryHandler = Locked<(@Sendable (Expiry) -> Void)?>(nil)
  private let checks = ScheduledChecks()

  init(configuration: RunConfiguration, sink: any IssueSink) {
    self.configuration = configuration
    self.sink = sink
    progress = Locked(Progress(lastProgress: Self.now()))
  }

  /// What the spec has started and finished, in uptime nanoseconds.
  private struct Progress: Sendable {
    var inFlight: [Int: InFlight] = [:]
    var nextToken = 0
    var lastProgress: UInt64
    var lastOperation: String?
    var expiry: Expiry?
    var isFinished = false
    var isExpiryRequested = false
    var lastFailure: (step: String, error: String)?
    var usesSeeds = false
  }

  private struct InFlight: Sendable {
    let name: String
    let start: UInt64
  }

  // MARK: Recording

  /// Records a failure of the spec at the caller's line, unless the spec has been abandoned: a
  /// run that outlives its time limit must not add failures to a test that has moved on.
  func record(_ message: String) {
    guard !isAbandoned else { return }
    sink.record(message, at: configuration.caller)
  }

  /// Attaches `bytes` at the caller's line, unless the spec has been abandoned.
  func attach(_ bytes: [UInt8], named name: String) {
    guard !isAbandoned else { return }
    sink.attach(bytes, named: name, at: configuration.caller)
  }

  /// Whether the watchdog has given up on the spec.
  var isAbandoned: Bool { progress.withLock { $0.expiry != nil } }

  /// The seeds of the spec's random work, noting that the spec used them, so that a run prints
  /// the fresh ones.
  func seedsForRandomWork() -> [UInt64] {
    progress.withLock { $0.usesSeeds = true }
    return configuration.seeds
  }

  /// Whether the spec asked for its random seeds.
  var usesSeeds: Bool { progress.withLock { $0.usesSeeds } }

  // MARK: Operations

  /// Registers that the spec now waits for `operation`.
  ///
  /// - Returns: The token that ends it.
  /// - Throws: ``SpecAbandoned`` when the watchdog has given up on the spec.
  func begin(_ operation: String) throws -> Int {
    let now = Self.now()
    return try progress.withLock { progress in
      guard progress.expiry == nil else { throw SpecAbandoned() }
      progress.nextToken += 1
      progress.inFlight[progress.nextToken] = InFlight(name: operation, start: now)
      progress.lastProgress = now
      progress.lastOperation = operation
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
      if let error, let operation {
        progress.lastFailure = (operation.name, String(describing: error))
      }
      guard progress.expiry == nil else { throw SpecAbandoned() }
    }
  }

  /// The operation that threw `error` last, when `error` is what it threw: so that an error
  /// that ends a spec is reported with the step it came from.
  func step(thatThrew error: any Error) -> String? {
    progress.withLock { progress in
      guard let failure = progress.lastFailure, failure.error == String(describing: error) else {
        return nil
      }
      return failure.step
    }
  }

  // MARK: The watchdog

  /// Starts bounding the spec's operations in time: `handler` is called once, on the watchdog's
  /// own thread, when an operation has been in flight for the time limit, or nothing has started
  /// or ended for that long.
  func startWatchdog(whenExpired handler: @escaping @Sendable (Expiry) -> Void) {
    expiryHandler.withLock { $0 = handler }
    scheduleCheck(after: configuration.operationTimeLimit)
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
  ///
  /// For the library's own tests of implementations that never return: they call it just before
  /// they block, so that a test proves the watchdog's handling without waiting out a limit.
  func expireOperationsInFlight() {
    progress.withLock { $0.isExpiryRequested = true }
    Watchdog.run { self.check() }
  }

  private func scheduleCheck(after delay: Duration) {
    checks.schedule(after: max(delay, .milliseconds(1))) { self.check() }
  }

  private func check() {
    let limit = Self.nanoseconds(configuration.operationTimeLimit)
    let now = Self.now()
    let (expiry, nextCheck) = progress.withLock { progress -> (Expiry?, UInt64?) in
      guard !progress.isFinished, progress.expiry == nil else { return (nil, nil) }
      let oldest = progress.inFlight.values.min { $0.start < $1.start }
      if let oldest, progress.isExpiryRequested || now &- oldest.start >= limit {
        progress.expiry = .operation(oldest.name)
      } else if oldest == nil, now &- progress.lastProgress >= limit {
        progress.expiry = .noProgress(after: progress.lastOperation)
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

  /// The message that says how the spec ran out of time.
  func message(for expiry: Expiry) -> String {
    let limit = "\(configuration.operationTimeLimit.readable) (\(configuration.limitOrigin))"
    switch expiry {
    case .operation(let name):
      return "Expected \(name) to return within \(limit), but it had not: a deadlock, a lock "
        + "never released or a continuation never resumed; the spec stopped waiting for it"
    case .noProgress(let last):
      return "Expected \(configuration.specID) to make progress, but nothing it waits for "
        + "started or ended for \(limit)" + (last.map { ", after \($0)" } ?? "")
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
}

/// Thrown out of an operation that returns after the watchdog gave up on its spec, so that the
/// spec ends without recording anything more.
struct SpecAbandoned: Error {}
