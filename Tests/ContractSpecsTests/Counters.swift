import ContractSpecs
import Foundation
import SharedSupport

/// A counter that keeps the contract, or breaks it in one way.
actor TestCounter: Counter {
  enum Flaw: String, Codable, Sendable {
    /// Starts at one.
    case startsAtOne
    /// Adds each amount twice.
    case addsTwice
    /// Adds even when its additions were made to fail.
    case ignoresFailure
    /// Never returns from an addition.
    case hangsOnAdd
    /// Blocks its thread in an addition until ``releaseBlockedThreads()``.
    case blocksItsThreadOnAdd
    /// Traps in an addition, as a force unwrap of `nil` does.
    case trapsOnAdd
  }

  /// What blocked additions wait for.
  private static let blockedThreads = DispatchSemaphore(value: 0)
  private static let blockedCount = Locked(0)

  /// How many additions are blocked, since ``releaseBlockedThreads()`` last let them return.
  static var blockedThreadCount: Int { blockedCount.current }

  /// Lets every addition blocked so far return.
  static func releaseBlockedThreads() {
    for _
      in 0..<blockedCount.withLock({ count in
        defer { count = 0 }
        return count
      })
    {
      blockedThreads.signal()
    }
  }

  /// Blocks the calling thread, as a lock taken twice does, until released.
  private static func blockThread() {
    blockedCount.withLock { $0 += 1 }
    blockedThreads.wait()
  }

  private let flaw: Flaw?
  private var total: Int
  private var isBroken = false

  init(flaw: Flaw?) {
    self.flaw = flaw
    total = flaw == .startsAtOne ? 1 : 0
  }

  struct Broken: Error {}

  func add(_ amount: Int) async throws {
    if flaw == .hangsOnAdd {
      await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }
    if flaw == .blocksItsThreadOnAdd { Self.blockThread() }
    if flaw == .trapsOnAdd { fatalError("the counter that traps on add was asked to add") }
    if isBroken, flaw != .ignoresFailure { throw Broken() }
    total += flaw == .addsTwice ? 2 * amount : amount
  }

  func value() -> Int { total }

  func breakAdditions() { isBroken = true }
}

/// Makes ``TestCounter``s with an optional flaw; failable, and `Codable` for child processes.
struct TestCounterFactory: FailableCounterFactory, Codable {
  var flaw: TestCounter.Flaw?
  /// Whether each counter is tracked for memory leaks, on this line.
  var tracksLeaks = false
  /// Whether every counter is kept alive for good, as by a global registry.
  var keepsCountersForever = false

  /// Where counters kept forever live.
  static let registry = Locked<[TestCounter]>([])

  func makeCounter() -> any Counter {
    let counter = TestCounter(flaw: flaw)
    if tracksLeaks { trackForMemoryLeaks(counter) }
    if keepsCountersForever {
      Self.registry.withLock { $0.append(counter) }
    }
    return counter
  }

  func makeAdditionFail(for counter: any Counter) async throws {
    guard let counter = counter as? TestCounter else { throw TestCounter.Broken() }
    await counter.breakAdditions()
  }
}

/// A factory with the core capability only.
struct CoreCounterFactory: CounterFactory {
  func makeCounter() -> any Counter { TestCounter(flaw: nil) }
}
