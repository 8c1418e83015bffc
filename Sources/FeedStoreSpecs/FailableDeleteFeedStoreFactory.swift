import FeedCache

/// A factory whose stores can really fail to delete, so the failure specs can check them.
///
/// The fault must be real, at the store's own boundary (its file system, its database), and must
/// leave retrieval working, so the specs can see that a failed delete changed nothing.
public protocol FailableDeleteFeedStoreFactory: FeedStoreFactory {
  /// Breaks the storage behind `store` so that every later `deleteCachedFeed()` with a cache to
  /// delete throws while `retrieve()` still works.
  ///
  /// Deleting nothing is not an error, so on an empty store the specs accept a delete that
  /// succeeds as well as one that throws: a real fault, such as a directory that refuses
  /// changes, cannot make removing a file that does not exist fail.
  ///
  /// - Parameter store: A store this factory made.
  /// - Throws: An error when the fault cannot be set up; the spec then fails with it.
  func makeDeletionFail(for store: Store) async throws
}
