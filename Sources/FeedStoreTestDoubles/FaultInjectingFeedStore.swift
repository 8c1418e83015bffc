import FeedCache
import Foundation

/// A decorator over any `FeedStore` that injects faults into its calls, for testing
/// how the code that *uses* a store handles errors, latency and cancellation on real storage.
///
/// - Important: It is for testing clients only. Never use it to satisfy a store's failable
///   capabilities in `FeedStoreSpecs` (`makeInsertionFail(for:)` and the like): a failing call
///   never reaches the store, so "a failed call has no side effects" holds whatever the store
///   would have done, and a store that loses its cache on a real failure would pass. Make a
///   store's faults real, at its own boundary (its file system, its database).
///
/// Each call is numbered from 1 across all operations. A call first waits for every
/// ``FeedStoreFault/delaying(_:by:)`` fault that applies to it, then throws for the first
/// failing or cancelling fault that applies to it, in the order given, and otherwise reaches the
/// store.
///
/// ```swift
/// let store = FaultInjectingFeedStore(
///   decorating: try SQLiteFeedStore(storeURL: url),
///   faults: [.failing(.every(.insert), with: anyError)])
/// ```
public actor FaultInjectingFeedStore: FeedStore {
  private let decoratee: any FeedStore
  private let faults: [FeedStoreFault]
  private var callCount: Int = 0

  /// Creates a decorator that injects `faults` into the calls it passes on to `store`.
  ///
  /// - Parameters:
  ///   - store: The store that receives every call no fault stops.
  ///   - faults: The faults to inject; none passes every call through unchanged.
  public init(decorating store: any FeedStore, faults: [FeedStoreFault]) {
    self.decoratee = store
    self.faults = faults
  }

  public func deleteCachedFeed() async throws {
    try await injectFaults(into: .deleteCachedFeed)
    try await decoratee.deleteCachedFeed()
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try await injectFaults(into: .insert)
    try await decoratee.insert(feed, timestamp: timestamp)
  }

  public func retrieve() async throws -> CachedFeed? {
    try await injectFaults(into: .retrieve)
    return try await decoratee.retrieve()
  }

  private func injectFaults(into operation: FeedStoreOperation) async throws {
    callCount += 1
    let number = callCount
    let applicable = faults.filter { $0.calls.contains(operation, number: number) }
    for fault in applicable {
      if case .delay(let latency) = fault.effect {
        try await Task.sleep(for: latency)
      }
    }
    for fault in applicable {
      switch fault.effect {
      case .fail(let error): throw error
      case .cancel: throw CancellationError()
      case .delay: continue
      }
    }
  }
}
