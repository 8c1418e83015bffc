/// A fault that ``FaultInjectingFeedStore`` injects into some of the calls it receives.
///
/// ```swift
/// .failing(.call(number: 2), with: anyError)  // the second call, whatever its operation
/// .failing(.every(.insert), with: anyError)   // every insert
/// .delaying(.all, by: .milliseconds(50))      // every call, before it reaches the store
/// .cancelling(.every(.retrieve))              // every retrieve throws CancellationError
/// ```
public struct FeedStoreFault: Sendable {
  /// The calls a fault applies to.
  public enum Calls: Sendable {
    /// Every call.
    case all
    /// The call with this number, counting every operation from 1 in the order calls arrive.
    case call(number: Int)
    /// Every call of one operation.
    case every(FeedStoreOperation)

    func contains(_ operation: FeedStoreOperation, number: Int) -> Bool {
      switch self {
      case .all: true
      case .call(let faulty): number == faulty
      case .every(let faulty): operation == faulty
      }
    }
  }

  enum Effect: Sendable {
    case fail(any Error)
    case cancel
    case delay(Duration)
  }

  let calls: Calls
  let effect: Effect

  /// Makes `calls` throw `error` without reaching the store.
  ///
  /// - Parameters:
  ///   - calls: The calls that fail.
  ///   - error: The error they throw.
  /// - Returns: The fault.
  public static func failing(_ calls: Calls, with error: any Error) -> FeedStoreFault {
    FeedStoreFault(calls: calls, effect: .fail(error))
  }

  /// Makes `calls` throw `CancellationError` without reaching the store, as a cancelled call would.
  ///
  /// - Parameter calls: The calls that are cancelled.
  /// - Returns: The fault.
  public static func cancelling(_ calls: Calls) -> FeedStoreFault {
    FeedStoreFault(calls: calls, effect: .cancel)
  }

  /// Makes `calls` wait for `latency` before they reach the store.
  ///
  /// The wait is a `Task.sleep`: cancelling the calling task during it makes the call throw
  /// `CancellationError` without reaching the store.
  ///
  /// - Parameters:
  ///   - calls: The calls that are slowed down.
  ///   - latency: How long each of them waits.
  /// - Returns: The fault.
  public static func delaying(_ calls: Calls, by latency: Duration) -> FeedStoreFault {
    FeedStoreFault(calls: calls, effect: .delay(latency))
  }
}
