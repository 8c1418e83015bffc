import ContractSpecs
import FeedCache

/// One sequence running against real stores and the model side by side, step by step.
struct ModelRun {
  let steps: [ModelStep]
  private let factory: any FeedStoreFactory
  private var stores: [any FeedStore]
  private var model = FeedStoreModel()

  /// Prepares `steps` to run with `store` as store 1, which must hold nothing.
  init(_ steps: [ModelStep], factory: any FeedStoreFactory, store: any FeedStore) {
    self.steps = steps
    self.factory = factory
    stores = [store]
  }

  /// Runs the steps in order, stopping at the first that breaks the contract.
  ///
  /// - Returns: That failure, or `nil` when every step did what the model says.
  mutating func run() async -> ModelFailure? {
    for (index, step) in steps.enumerated() {
      if let message = await perform(step) {
        return ModelFailure(step: index, message: message)
      }
    }
    return nil
  }

  /// Performs `step` on its store and moves the model past it.
  ///
  /// - Returns: How the step broke the contract, or `nil`.
  private mutating func perform(_ step: ModelStep) async -> String? {
    let expectation = model.expectation(for: step)
    let store = stores[step.store - 1]
    if case .retrieve = step {
      return await check(retrieveFrom: store, number: step.store, against: expectation)
    }
    do {
      switch step {
      case .insert(_, let feed, let count, let timestamp):
        let cache = NumberedCache(feed: feed, count: count, timestamp: timestamp).cache
        try await store.insert(cache, "insert of feed \(feed) into store \(step.store)")
      case .delete:
        try await store.deleteCachedFeed("delete from store \(step.store)")
      case .reopen:
        guard let factory = factory as? any PersistentFeedStoreFactory else {
          return "expected a factory that conforms to PersistentFeedStoreFactory"
        }
        stores.append(try await factory.reopen(store))
      case .breakOperation(let operation, _):
        guard let fault = OperationFault.breaking(operation) else {
          return "expected a capability that breaks \(operation)"
        }
        try await fault.inject(into: store, using: factory)
      case .retrieve:
        break
      }
    } catch {
      guard expectation != .succeeds else {
        return "expected it to succeed, but it threw: \(error)"
      }
      model.apply(step, succeeded: false)
      return nil
    }
    guard expectation != .throwsKeepingCache else {
      return "expected it to throw (the operation was made to fail), but it succeeded"
    }
    model.apply(step, succeeded: true)
    return nil
  }

  private func check(
    retrieveFrom store: any FeedStore, number: Int, against expectation: FeedStoreModel.Expectation
  ) async -> String? {
    let retrieved: CachedFeed?
    do {
      retrieved = try await store.retrieve("retrieve from store \(number)")
    } catch {
      return expectation == .throwsOnRetrieve
        ? nil : "expected \(expectation.summary), but it threw: \(error)"
    }
    guard case .delivers(let expected) = expectation else {
      return "expected it to throw (retrieval was made to fail), but it delivered "
        + CacheComparison.describe(retrieved)
    }
    return CacheComparison.difference(between: expected?.cache, and: retrieved).map {
      "expected \(expectation.summary), but \($0)"
    }
  }
}
