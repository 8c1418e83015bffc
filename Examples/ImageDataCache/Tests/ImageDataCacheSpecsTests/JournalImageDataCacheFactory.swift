import Foundation
import ImageDataCacheSpecs
import ImageDataCaching

/// Makes journal caches, each over a new journal, with `misbehavior` or none; breaks their
/// storage by making the journal refuse access, and opens instances over a cache's journal.
struct JournalImageDataCacheFactory: FailableImageDataCacheFactory,
  PersistentImageDataCacheFactory
{
  var misbehavior: Misbehavior?
  /// The one journal of every cache, for the misbehavior that shares it.
  private let sharedJournal = Journal()

  init(misbehavior: Misbehavior? = nil) {
    self.misbehavior = misbehavior
  }

  func makeCache() -> JournalImageDataCache {
    JournalImageDataCache(
      journal: misbehavior == .sharesOneJournalAcrossCaches ? sharedJournal : Journal(),
      misbehavior: misbehavior)
  }

  func makeCache(sharingStorageWith cache: JournalImageDataCache) -> JournalImageDataCache {
    JournalImageDataCache(
      journal: misbehavior == .keepsStoragePerInstance ? Journal() : cache.journal,
      misbehavior: misbehavior)
  }

  func breakStorage(of cache: JournalImageDataCache) async {
    await cache.journal.breakAccess()
  }

  func restoreStorage(of cache: JournalImageDataCache) async {
    await cache.journal.restore()
  }
}
