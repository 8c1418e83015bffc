import FeedCache

/// A factory whose stores keep durable storage that it can damage, row by row of
/// ``StorageDamage``, so the damaged-storage specs can check what the store does with it.
///
/// Damage must be real: the bytes (or directory, or permissions) a user's device could end up
/// with, produced at the store's own storage, never a wrapper that throws. A factory says per row
/// whether its format has it; the specs of rows that do not apply are left out of
/// ``FeedStoreSpec/all(for:)`` and listed with their reason by ``FeedStoreSpec/notApplicable(for:)``.
/// A factory that supports no row fails `damagedStorage_supportsAtLeastOneRow`.
///
/// ```swift
/// extension MyStoreFactory: DamageableFeedStoreFactory {
///   static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
///     damage == .foreignStorage ? .notApplicable(reason: "JSON names no owner") : .applicable
///   }
///   // makeStore(over:afterCaching:), storageName(of:), snapshotStorage(of:)
/// }
/// ```
public protocol DamageableFeedStoreFactory: FeedStoreFactory {
  /// Whether stores of this factory's format can have their storage in the state `damage`.
  ///
  /// - Parameter damage: A row of the damaged-storage table.
  /// - Returns: ``StorageDamage/Applicability/applicable``, or why the row cannot happen.
  static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability

  /// Makes a store, caches `cache` in it, closes it, puts its storage into the state `damage`
  /// and opens a new store over that storage, as an app relaunched on a damaged disk would.
  ///
  /// The specs call it only with rows that apply to this factory.
  ///
  /// - Parameters:
  ///   - damage: The state to put the storage into.
  ///   - cache: What the store held before the damage; rows that cut or keep the storage start
  ///     from it, and ``StorageDamage/leftoverPartialWrite`` must still deliver it.
  /// - Returns: A store opened over the damaged storage.
  /// - Throws: An error when the damage cannot be made or the store cannot be opened; the spec
  ///   then fails with it (opening a store over damaged storage must not throw).
  func makeStore(over damage: StorageDamage, afterCaching cache: CachedFeed) async throws -> Store

  /// The name of `store`'s storage as its errors must show it, usually the file's path.
  ///
  /// - Parameter store: A store this factory made.
  /// - Returns: Text that every error about the storage contains.
  func storageName(of store: Store) -> String

  /// The exact content of `store`'s storage now.
  ///
  /// - Parameter store: A store this factory made.
  /// - Returns: Every item of the storage and its bytes.
  /// - Throws: An error when the storage cannot be inspected; the spec then fails with it.
  func snapshotStorage(of store: Store) async throws -> StorageSnapshot
}
