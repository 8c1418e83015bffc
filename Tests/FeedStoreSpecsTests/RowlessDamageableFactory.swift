import FeedCache
import FeedStoreSpecs

/// A factory that claims the damaged-storage capability while its format has no row of it.
struct RowlessDamageableFactory: DamageableFeedStoreFactory {
  static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
    .notApplicable(reason: "this format has no storage of its own")
  }

  func makeStore() -> DiskFeedStore {
    DiskFeedStoreFactory(misbehavior: nil).makeStore()
  }

  func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed)
    -> DiskFeedStore
  {
    makeStore()
  }

  func makeStore(over storage: DiskFeedStore) -> DiskFeedStore {
    storage
  }

  func storageName(of store: DiskFeedStore) -> String {
    store.name
  }

  func snapshot(of store: DiskFeedStore) -> StorageSnapshot {
    StorageSnapshot(items: [:])
  }
}
