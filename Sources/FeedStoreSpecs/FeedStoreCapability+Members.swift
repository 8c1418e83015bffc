import ContractSpecs

/// Each capability of the catalog as a member of ``FeedStoreCapability``, so that a spec's
/// capability compares with one as it reads: `spec.capability == .failableInsert`.
extension FeedStoreCapability {
  /// Every `FeedStoreFactory`: ``FeedStoreCatalog/core``.
  public static var core: Self { Self(FeedStoreCatalog.core) }
  /// Retrieval failures: ``FeedStoreCatalog/failableRetrieve``.
  public static var failableRetrieve: Self { Self(FeedStoreCatalog.failableRetrieve) }
  /// Insertion failures: ``FeedStoreCatalog/failableInsert``.
  public static var failableInsert: Self { Self(FeedStoreCatalog.failableInsert) }
  /// Deletion failures: ``FeedStoreCatalog/failableDelete``.
  public static var failableDelete: Self { Self(FeedStoreCatalog.failableDelete) }
  /// Several instances over one storage: ``FeedStoreCatalog/persistent``.
  public static var persistent: Self { Self(FeedStoreCatalog.persistent) }
  /// Damaged storage: ``FeedStoreCatalog/damagedStorage``.
  public static var damagedStorage: Self { Self(FeedStoreCatalog.damagedStorage) }
  /// A crash at every point of an insert: ``FeedStoreCatalog/crashSafety``.
  public static var crashSafety: Self { Self(FeedStoreCatalog.crashSafety) }
}
