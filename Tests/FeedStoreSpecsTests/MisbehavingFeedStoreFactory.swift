import FeedStoreSpecs

/// Makes ``MisbehavingFeedStore``s, with every capability, so every spec can be shown to catch
/// the misbehavior it is about.
struct MisbehavingFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory {
  let misbehavior: Misbehavior?
  /// Whether a broken delete still succeeds when there is nothing to delete, as with a real fault.
  var deletionFaultSparesEmptyStore = false

  func makeStore() -> MisbehavingFeedStore {
    MisbehavingFeedStore(
      storage: MisbehavingFeedStore.Storage(), snapshot: nil, misbehavior: misbehavior)
  }

  func makeStore(sharingStorageWith store: MisbehavingFeedStore) async -> MisbehavingFeedStore {
    let storage =
      misbehavior == .doesNotShareStorage ? MisbehavingFeedStore.Storage() : store.storage
    return MisbehavingFeedStore(
      storage: storage, snapshot: await storage.cache, misbehavior: misbehavior)
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
