import ContractSpecs
import FeedCache

/// A factory whose stores keep durable storage that it can damage, row by row of
/// ``StorageDamage``, so the damaged-storage specs can check what the store does with it.
///
/// Damage must be real: the bytes (or directory, or permissions) a user's device could end up
/// with, produced at the store's own storage, never a wrapper that throws. A factory says per row
/// whether its format has it; the specs of rows that do not apply are left out of
/// `FeedStoreSpec.all(for:)` and listed with their reason by `FeedStoreSpec.notApplicable(for:)`.
/// A factory that supports no row fails `damagedStorage_supportsAtLeastOneRow`.
///
/// ```swift
/// extension MyStoreFactory: DamageableFeedStoreFactory {
///   static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
///     damage == .foreignStorage ? .notApplicable(reason: "JSON names no owner") : .applicable
///   }
///   // makeStorage(damagedAs:afterCaching:), makeStore(over:), storageName(of:), snapshot(of:)
/// }
/// ```
public protocol DamageableFeedStoreFactory: FeedStoreFactory {
  /// Where damaged storage is, as this factory finds it again: a file URL, for example.
  associatedtype DamagedStorage: Sendable

  /// Whether stores of this factory's format can have their storage in the state `damage`.
  ///
  /// - Parameter damage: A row of the damaged-storage table.
  /// - Returns: ``StorageDamage/Applicability/applicable``, or why the row cannot happen.
  static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability

  /// Makes new storage, caches `cache` in it with a store of this factory, closes that store and
  /// puts the storage into the state `damage`, as a damaged disk would leave it while no app ran.
  ///
  /// The specs call it only with rows that apply to this factory. No store may be open over the
  /// storage afterwards: the specs snapshot it, then open a store with ``makeStore(over:)``.
  ///
  /// - Parameters:
  ///   - damage: The state to put the storage into.
  ///   - cache: What the storage held before the damage; rows that cut or keep the storage start
  ///     from it, and ``StorageDamage/leftoverPartialWrite`` must still deliver it.
  /// - Returns: Where the damaged storage is.
  /// - Throws: An error when the damage cannot be made; the spec then fails with it.
  func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed) async throws
    -> DamagedStorage

  /// Opens a store over `storage`, as an app relaunched on a damaged disk does.
  ///
  /// Opening must neither throw nor write: the specs fail when it does, since an app must always
  /// be able to recover through the store's operations.
  ///
  /// - Parameter storage: Storage this factory damaged.
  /// - Returns: A store over it.
  /// - Throws: The store's error when it cannot be opened; the spec then fails with it.
  func makeStore(over storage: DamagedStorage) async throws -> Store

  /// The name of `storage` as a store's errors must show it, usually the file's path.
  ///
  /// - Parameter storage: Storage this factory damaged.
  /// - Returns: Text that every error about the storage contains.
  func storageName(of storage: DamagedStorage) -> String

  /// The exact content of `storage` now.
  ///
  /// - Parameter storage: Storage this factory damaged.
  /// - Returns: Every item of the storage and its bytes.
  /// - Throws: An error when the storage cannot be inspected; the spec then fails with it.
  func snapshot(of storage: DamagedStorage) async throws -> StorageSnapshot
}

extension FeedStoreCatalog {
  /// Damaged storage, row by row of ``StorageDamage``: ``DamageableFeedStoreFactory``.
  public static let damagedStorage = Capability<FeedStoreCatalog, any DamageableFeedStoreFactory>(
    "damagedStorage",
    provides: "per row of `StorageDamage` (empty, truncated at three points, wrong shape, wrong "
      + "types, garbage, an unrelated file, a newer format, another app's data, a directory, "
      + "unreadable, a dead writer's leftovers, a directory or a symbolic link where a side file "
      + "belongs): how to damage the storage, or why the row does not apply",
    checks: "for every applicable row: opening never throws or writes; retrieve throws and "
      + "leaves the bytes as they were (recommended: an error naming the storage); insert and "
      + "delete replace/remove or throw leaving the bytes untouched, and always refuse storage "
      + "that is not theirs and never write through a link beside it",
    isProvided: { $0 is any DamageableFeedStoreFactory.Type },
    specs: { damagedStorageSpecs })
}

extension CatalogEntry {
  static let damagedStorage = CatalogEntry(FeedStoreCatalog.damagedStorage)
}
