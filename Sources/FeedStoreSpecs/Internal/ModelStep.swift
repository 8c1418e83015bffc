import FeedCache

/// One step of a model-based sequence.
///
/// Stores are numbered from 1 in the order they are made:
/// store 1 by `factory.makeStore()` before the first step, the others by ``reopen(_:)``.
enum ModelStep: Hashable, Sendable {
  /// Inserts feed number `feed` of `count` images at timestamp number `timestamp`.
  case insert(store: Int, feed: Int, count: Int, timestamp: Int)
  case delete(store: Int)
  case retrieve(store: Int)
  /// Opens the next store over the storage of `store`.
  case reopen(store: Int)
  /// Breaks one operation of `store` through the factory's capability.
  case breakOperation(FeedOperation, store: Int)

  /// The store the step works on.
  var store: Int {
    switch self {
    case .insert(let store, _, _, _), .delete(let store), .retrieve(let store),
      .reopen(let store), .breakOperation(_, let store):
      store
    }
  }

  /// The step as a line of Swift, with the fixtures' names the printed sequence explains.
  func code(opening newStore: Int) -> String {
    switch self {
    case .insert(let store, let feed, let count, let timestamp):
      "try await store\(store).insert(numberedFeed(\(feed), count: \(count)), "
        + "timestamp: numberedTimestamp(\(timestamp)))"
    case .delete(let store):
      "try await store\(store).deleteCachedFeed()"
    case .retrieve(let store):
      "try await store\(store).retrieve()"
    case .reopen(let store):
      "let store\(newStore) = try await factory.makeStore(sharingStorageWith: store\(store))"
    case .breakOperation(let operation, let store):
      "try await factory.\(OperationFault.breaking(operation)?.factoryMethod ?? "break\(operation)")"
        + "(for: store\(store))"
    }
  }
}
