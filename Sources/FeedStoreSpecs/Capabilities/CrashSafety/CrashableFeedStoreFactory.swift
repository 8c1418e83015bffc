import ContractSpecs
import FeedCache

/// A factory that can open a store over a storage boundary that "crashes" at a chosen point, as a
/// process killed mid-write would, so the crash-safety specs can check every point of an insert
/// without starting a process.
///
/// The boundary is where the store reaches its storage (a file system, a database's I/O layer).
/// Crash point `n` lets the first `n` writes through (a write is what the factory counts: a call,
/// a chunk of bytes), then persists nothing more: that write and every later call throw. The
/// specs reopen the storage with ``PersistentFeedStoreFactory/makeStore(sharingStorageWith:)``,
/// as a relaunch would, and sweep `n` from 0 until an insert completes.
///
/// ```swift
/// extension MyStoreFactory: CrashableFeedStoreFactory {
///   func makeStore(sharingStorageWith store: MyStore, crashingAt crashPoint: Int) -> MyStore {
///     MyStore(url: store.url, fileSystem: MyCrashingFileSystem(crashPoint: crashPoint))
///   }
///   func strayItems(besideStorageOf store: MyStore) throws -> [String] { … }
/// }
/// ```
public protocol CrashableFeedStoreFactory: PersistentFeedStoreFactory {
  /// Opens a second store over the storage of `store` whose boundary crashes after `crashPoint`
  /// writes.
  ///
  /// - Parameters:
  ///   - store: A store this factory made.
  ///   - crashPoint: How many writes persist before the crash; 0 crashes at the first, and
  ///     `Int.max` never crashes (the specs write the cache the crash must keep through it).
  /// - Returns: A store that writes the same storage as `store` until it crashes.
  /// - Throws: An error when the store cannot be opened; the spec then fails with it.
  func makeStore(sharingStorageWith store: Store, crashingAt crashPoint: Int) async throws -> Store

  /// The items beside `store`'s storage that are not part of it, such as temporary files.
  ///
  /// After a crash the next insert or delete must leave none.
  ///
  /// - Parameter store: A store this factory made.
  /// - Returns: The stray items' names; empty when there are none.
  /// - Throws: An error when the storage cannot be listed; the spec then fails with it.
  func strayItems(besideStorageOf store: Store) async throws -> [String]
}

extension FeedStoreCatalog {
  /// A crash at every point of an insert: ``CrashableFeedStoreFactory``.
  public static let crashSafety = Capability<FeedStoreCatalog, any CrashableFeedStoreFactory>(
    "crashSafety",
    provides: "`makeStore(sharingStorageWith:crashingAt:)`: a store over a boundary that stops "
      + "persisting after its Nth write; `strayItems(besideStorageOf:)`; it refines "
      + "`PersistentFeedStoreFactory`",
    checks: "a crash at every write of an insert leaves the old cache or the new, exactly, after "
      + "a reopen; recommended: the next insert or delete removes what the crash left",
    isProvided: { $0 is any CrashableFeedStoreFactory.Type },
    specs: { crashSafetySpecs })
}

extension CatalogEntry {
  static let crashSafety = CatalogEntry(FeedStoreCatalog.crashSafety)
}
