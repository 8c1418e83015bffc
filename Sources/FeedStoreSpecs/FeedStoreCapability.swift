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
}
