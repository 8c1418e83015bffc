import FeedStoreSpecs
import SharedSupport

/// Makes ``MisbehavingFeedStore``s, with every capability, so every spec can be shown to catch
/// the misbehavior it is about.
struct MisbehavingFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory, Codable {
  let misbehavior: Misbehavior?
  /// Whether a broken delete still succeeds when there is nothing to delete, as with a real fault.
  var deletionFaultSparesEmptyStore = false
  /// Whether stores keep each URL as given, relative to its base, rather than as its
  /// `absoluteString`.
  var keepsURLsAsGiven = false

  func makeStore() -> MisbehavingFeedStore {
    let storage =
      misbehavior == .sharesOneCacheBetweenAllStores
      ? MisbehavingFeedStore.Storage.shared : MisbehavingFeedStore.Storage()
    let store = MisbehavingFeedStore(
      storage: storage, snapshot: nil, misbehavior: misbehavior, keepsURLsAsGiven: keepsURLsAsGiven)
    if misbehavior == .isKeptAliveForever {
      MisbehavingFeedStore.registry.withLock { $0.append(store) }
    }
    return store
  }

  func makeStore(sharingStorageWith store: MisbehavingFeedStore) async -> MisbehavingFeedStore {
    let storage =
      misbehavior == .doesNotShareStorage ? MisbehavingFeedStore.Storage() : store.storage
    return MisbehavingFeedStore(
      storage: storage, snapshot: await storage.cache, misbehavior: misbehavior,
      keepsURLsAsGiven: keepsURLsAsGiven)
  }

  func makeRetrievalFail(for store: MisbehavingFeedStore) async {
    await store.breakOperation(.retrieve)
  }

  func makeInsertionFail(for store: MisbehavingFeedStore) async {
    await store.breakOperation(.insert)
  }

  func makeDeletionFail(for store: MisbehavingFeedStore) async {
    await store.breakOperation(deletionFaultSparesEmptyStore ? .deleteOfExistingCache : .delete)
  }
}
