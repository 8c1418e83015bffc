/// A group of specs, run on a store when its factory has the matching capability.
public enum FeedStoreCapability: String, CaseIterable, Codable, Hashable, Sendable {
  /// Retrieve, insert and delete on a working store: every ``FeedStoreFactory``.
  case core
  /// Retrieval failures: ``FailableRetrieveFeedStoreFactory``.
  case failableRetrieve
  /// Insertion failures: ``FailableInsertFeedStoreFactory``.
  case failableInsert
  /// Deletion failures: ``FailableDeleteFeedStoreFactory``.
  case failableDelete
  /// Several instances over one storage: ``PersistentFeedStoreFactory``.
  case persistent
  /// Damaged storage, row by row of ``StorageDamage``: ``DamageableFeedStoreFactory``.
  case damagedStorage
  /// A crash at every point of an insert: ``CrashableFeedStoreFactory``.
  case crashSafety

  /// Whether factories of `factoryType` have this capability.
  ///
  /// The check is a dynamic cast, so it sees a conformance wherever it is declared: in the
  /// factory's own declaration, in an extension, or in another module.
  ///
  /// - Parameter factoryType: The factory to ask about.
  /// - Returns: `true` when `factoryType` conforms to this capability's protocol.
  public func isProvided(by factoryType: any FeedStoreFactory.Type) -> Bool {
    switch self {
    case .core: true
    case .failableRetrieve: factoryType is any FailableRetrieveFeedStoreFactory.Type
    case .failableInsert: factoryType is any FailableInsertFeedStoreFactory.Type
    case .failableDelete: factoryType is any FailableDeleteFeedStoreFactory.Type
    case .persistent: factoryType is any PersistentFeedStoreFactory.Type
    case .damagedStorage: factoryType is any DamageableFeedStoreFactory.Type
    case .crashSafety: factoryType is any CrashableFeedStoreFactory.Type
    }
  }

  /// The protocol a factory conforms to for this capability, as failure messages and the
  /// conformance report name it.
  package var protocolName: String {
    switch self {
    case .core: "FeedStoreFactory"
    case .failableRetrieve: "FailableRetrieveFeedStoreFactory"
    case .failableInsert: "FailableInsertFeedStoreFactory"
    case .failableDelete: "FailableDeleteFeedStoreFactory"
    case .persistent: "PersistentFeedStoreFactory"
    case .damagedStorage: "DamageableFeedStoreFactory"
    case .crashSafety: "CrashableFeedStoreFactory"
    }
  }
}
