import FeedCache
import Foundation
import Synchronization

/// A store that keeps the `FeedStore` contract, except for at most one ``Misbehaviour``.
///
/// Instances opened over the same ``Storage`` share their cache, as files on a disk would, and
/// an operation can be broken to fail as a real backend's would.
actor MisbehavingFeedStore: FeedStore {
  /// What stores over one storage share.
  final class Storage: Sendable {
    let cache = Mutex<CachedFeed?>(nil)
  }

  enum Operation: Hashable {
    case retrieve, insert, delete
    /// Deleting a cache that exists, as a real fault breaks it: removing nothing still works.
    case deleteOfExistingCache
  }

  struct InjectedFault: Error {}

  nonisolated let storage: Storage
  private let misbehaviour: Misbehaviour?
  private var snapshot: CachedFeed?
  private var lastWrite: CachedFeed?
  private var brokenOperations: Set<Operation> = []

  init(storage: Storage, misbehaviour: Misbehaviour?) {
    self.storage = storage
    self.misbehaviour = misbehaviour
    self.snapshot = storage.cache.withLock { $0 }
  }

  func breakOperation(_ operation: Operation) {
    brokenOperations.insert(operation)
  }

  func retrieve() throws -> CachedFeed? {
    if brokenOperations.contains(.retrieve) {
      switch misbehaviour {
      case .deliversNilOnRetrievalFailure:
        return nil
      case .discardsUnreadableCacheOnRetrievalFailure:
        brokenOperations.remove(.retrieve)
        write(nil)
      default:
        break
      }
      throw InjectedFault()
    }
    let cache = storage.cache.withLock { $0 }
    switch misbehaviour {
    case .deliversEmptyCacheWhenNothingCached where cache == nil:
      return CachedFeed(feed: [], timestamp: .distantPast)
    case .cachesEmptyFeedOnFirstRetrieve where cache == nil:
      write(CachedFeed(feed: [], timestamp: .distantPast))
      return nil
    case .deletesCacheOnRetrieve:
      write(nil)
      return cache
    case .readsStorageOnlyWhenOpened:
      return snapshot
    case .prefersItsOwnLastWrite:
      return lastWrite ?? cache
    default:
      return cache
    }
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    let current = storage.cache.withLock { $0 }
    if brokenOperations.contains(.insert) {
      switch misbehaviour {
      case .ignoresInsertionFailure:
        return
      case .writesBeforeFailingInsert:
        write(CachedFeed(feed: feed, timestamp: timestamp))
      case .deletesBeforeFailingInsert:
        write(nil)
      default:
        break
      }
      throw InjectedFault()
    }
    switch misbehaviour {
    case .throwsOnInsertIntoEmptyStore where current == nil,
      .throwsOnInsertIntoNonEmptyStore where current != nil:
      throw InjectedFault()
    case .keepsFirstInsertedCache where current != nil:
      return
    case .appendsOnInsert:
      write(CachedFeed(feed: (current?.feed ?? []) + feed, timestamp: timestamp))
    case .treatsEmptyFeedAsNoCache where feed.isEmpty:
      write(nil)
    default:
      write(CachedFeed(feed: mangled(feed), timestamp: mangled(timestamp)))
    }
  }

  func deleteCachedFeed() throws {
    let current = storage.cache.withLock { $0 }
    if brokenOperations.contains(.delete)
      || (brokenOperations.contains(.deleteOfExistingCache) && current != nil)
    {
      switch misbehaviour {
      case .ignoresDeletionFailure:
        return
      case .cachesEmptyFeedOnFailedDelete where current == nil:
        write(CachedFeed(feed: [], timestamp: .distantPast))
      case .deletesBeforeFailingDelete:
        write(nil)
      default:
        break
      }
      throw InjectedFault()
    }
    switch misbehaviour {
    case .throwsOnDeleteOfEmptyStore where current == nil,
      .throwsOnDeleteOfNonEmptyStore where current != nil:
      throw InjectedFault()
    case .cachesEmptyFeedOnDeleteOfEmptyStore where current == nil:
      write(CachedFeed(feed: [], timestamp: .distantPast))
    case .ignoresDelete:
      return
    case .leavesEmptyFeedOnDelete:
      write(current.map { CachedFeed(feed: [], timestamp: $0.timestamp) })
    default:
      write(nil)
    }
  }

  private func write(_ cache: CachedFeed?) {
    storage.cache.withLock { $0 = cache }
    snapshot = cache
    lastWrite = cache
  }

  private func mangled(_ feed: [LocalFeedImage]) -> [LocalFeedImage] {
    switch misbehaviour {
    case .reversesFeedOrder:
      return feed.reversed()
    case .storesEmptyDescriptionAsNil:
      return feed.map {
        LocalFeedImage(
          id: $0.id, description: $0.description == "" ? nil : $0.description,
          location: $0.location, url: $0.url)
      }
    case .trimsWhitespaceFromText:
      return feed.map {
        LocalFeedImage(
          id: $0.id, description: $0.description?.trimmingCharacters(in: .whitespaces),
          location: $0.location?.trimmingCharacters(in: .whitespaces), url: $0.url)
      }
    case .storesDuplicateImagesOnce:
      var seen: Set<LocalFeedImage> = []
      return feed.filter { seen.insert($0).inserted }
    default:
      return feed
    }
  }

  private func mangled(_ timestamp: Date) -> Date {
    switch misbehaviour {
    case .dropsSubSecondTimestampPrecision:
      return Date(
        timeIntervalSinceReferenceDate: timestamp.timeIntervalSinceReferenceDate.rounded(.down))
    case .convertsTimestampThroughUnixEpoch:
      return Date(timeIntervalSince1970: timestamp.timeIntervalSince1970)
    default:
      return timestamp
    }
  }
}
