import FeedCache

/// A factory whose stores can really fail to delete, so the failure specs can check them.
///
/// The fault must be real, at the store's own boundary (its file system, its database), and must
/// leave retrieval working, so the specs can see that a failed delete changed nothing.
public protocol FailableDeleteFeedStoreFactory: FeedStoreFactory {
  /// Breaks the storage behind `store` so that every later `deleteCachedFeed()` throws while
  /// `retrieve()` still works.
  ///
  /// - Parameter store: A store this factory made.
  /// - Throws: An error when the fault cannot be set up; the spec then fails with it.
  func makeDeletionFail(for store: Store) async throws
}

extension FailableDeleteFeedStoreFactory {
  public static var _failableDeleteSpecs: [FeedStoreSpec<Self>] {
    FeedStoreSpec<Self>.failableDeleteSpecs
  }
}
