import Foundation
import ImageDataCacheSpecs
import ImageDataCaching

/// Makes journal caches, each over a new journal, with `misbehavior` or none; breaks their
/// storage by making the journal refuse access, and opens instances over a cache's journal.
///
/// `Codable` for a self-test in a child process, which makes its own journals.
struct JournalImageDataCacheFactory: FailableImageDataCacheFactory,
  PersistentImageDataCacheFactory, Codable
{
  var misbehavior: Misbehavior?
  /// The one journal of every cache, for the misbehavior that shares it.
  private let sharedJournal = Journal()

  private enum CodingKeys: String, CodingKey {
    case misbehavior
  }

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
