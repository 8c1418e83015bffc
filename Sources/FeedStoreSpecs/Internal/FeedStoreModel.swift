import FeedCache

/// The `FeedStore` contract in executable form: what each step of a sequence must do, given the
/// steps before it. Its rules are the ones the `FeedStore` documentation states:
///
/// 1. `retrieve()` delivers `nil` when nothing is cached, and exactly what was last inserted
///    otherwise, and changes nothing.
/// 2. `insert(_:timestamp:)` replaces the whole cache; inserting `[]` caches an empty feed.
/// 3. `deleteCachedFeed()` empties the cache; deleting an empty cache is not an error.
/// 4. Every store over one storage sees the same cache, whichever of them changed it.
/// 5. On working storage, every operation succeeds.
/// 6. An operation broken through a failable capability throws, and a call that throws leaves
///    the cache as it was; a broken retrieval keeps throwing.
struct FeedStoreModel {
  /// What a step must do.
  enum Expectation: Equatable {
    /// Succeed, changing the cache as the contract says.
    case succeeds
    /// Throw, leaving the cache as it was (rule 6).
    case throwsKeepingCache
    /// Either succeed or throw, leaving nothing cached: a broken delete with nothing to delete.
    case mayThrowKeepingNothing
    /// Deliver exactly this cache (rule 1).
    case delivers(NumberedCache?)
    /// Throw, since the store's retrieval is broken (rule 6).
    case throwsOnRetrieve
  }

  /// What every store over the storage must deliver.
  private(set) var cache: NumberedCache?
  /// The operation each broken store was made to fail, by store number.
  private var faults: [Int: FeedOperation] = [:]

  /// What `step` must do now.
  func expectation(for step: ModelStep) -> Expectation {
    switch step {
    case .insert(let store, _, _, _):
      faults[store] == .insert ? .throwsKeepingCache : .succeeds
    case .delete(let store) where faults[store] == .delete:
      cache == nil ? .mayThrowKeepingNothing : .throwsKeepingCache
    case .delete, .reopen, .breakOperation:
      .succeeds
    case .retrieve(let store):
      faults[store] == .retrieve ? .throwsOnRetrieve : .delivers(cache)
    }
  }

  /// Moves the model past `step`, which succeeded when `succeeded` is true.
  mutating func apply(_ step: ModelStep, succeeded: Bool) {
    guard succeeded else { return }
    switch step {
    case .insert(_, let feed, let count, let timestamp):
      cache = NumberedCache(feed: feed, count: count, timestamp: timestamp)
    case .delete:
      cache = nil
    case .breakOperation(let fault, let store):
      faults[store] = fault
    case .retrieve, .reopen:
      break
    }
  }
}

extension FeedStoreModel.Expectation {
  /// The expectation as a printed step's comment says it.
  var summary: String {
    switch self {
    case .succeeds: "succeeds"
    case .throwsKeepingCache: "throws, keeping the cache"
    case .mayThrowKeepingNothing: "may throw; nothing stays cached"
    case .delivers(nil): "nil"
    case .delivers(let cache?): cache.code
    case .throwsOnRetrieve: "throws"
    }
  }
}
