extension FeedStoreSpec {
  /// Every spec that stores from `Factory` must pass: the core specs, plus the specs of each
  /// capability `Factory` conforms to.
  ///
  /// - Parameter factoryType: The factory whose capabilities choose the specs.
  /// - Returns: The specs in a stable order, each with a unique ``id``.
  public static func all(for factoryType: Factory.Type = Factory.self) -> [FeedStoreSpec] {
    coreSpecs
      + Factory._failableRetrieveSpecs
      + Factory._failableInsertSpecs
      + Factory._failableDeleteSpecs
      + Factory._persistenceSpecs
  }

  static var coreSpecs: [FeedStoreSpec] {
    [
      FeedStoreSpec("retrieve_deliversNilOnEmptyStore", .core) {
        try await expectRetrieveDeliversNilOnEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("retrieve_hasNoSideEffectsOnEmptyStore", .core) {
        try await expectRetrieveHasNoSideEffectsOnEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("retrieve_deliversInsertedCache", .core) {
        try await expectRetrieveDeliversInsertedCache(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("retrieve_deliversEveryFieldExactly", .core) {
        try await expectRetrieveDeliversEveryFieldExactly(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("retrieve_hasNoSideEffectsOnNonEmptyStore", .core) {
        try await expectRetrieveHasNoSideEffectsOnNonEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("insert_succeedsOnEmptyStore", .core) {
        try await expectInsertSucceedsOnEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("insert_succeedsOnNonEmptyStore", .core) {
        try await expectInsertSucceedsOnNonEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("insert_overridesPreviouslyInsertedCache", .core) {
        try await expectInsertOverridesPreviouslyInsertedCache(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("insert_cachesEmptyFeedAsEmptyCacheNotNil", .core) {
        try await expectInsertCachesEmptyFeedAsEmptyCache(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("delete_succeedsOnEmptyStore", .core) {
        try await expectDeleteSucceedsOnEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("delete_hasNoSideEffectsOnEmptyStore", .core) {
        try await expectDeleteHasNoSideEffectsOnEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("delete_succeedsOnNonEmptyStore", .core) {
        try await expectDeleteSucceedsOnNonEmptyStore(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("delete_emptiesPreviouslyInsertedCache", .core) {
        try await expectDeleteEmptiesPreviouslyInsertedCache(using: $0, sourceLocation: $1)
      },
    ]
  }
}

extension FeedStoreSpec where Factory: FailableRetrieveFeedStoreFactory {
  static var failableRetrieveSpecs: [FeedStoreSpec] {
    [
      FeedStoreSpec("retrieve_deliversErrorOnFailure", .failableRetrieve) {
        try await expectRetrieveDeliversErrorOnFailure(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("retrieve_hasNoSideEffectsOnFailure", .failableRetrieve) {
        try await expectRetrieveHasNoSideEffectsOnFailure(using: $0, sourceLocation: $1)
      },
    ]
  }
}

extension FeedStoreSpec where Factory: FailableInsertFeedStoreFactory {
  static var failableInsertSpecs: [FeedStoreSpec] {
    [
      FeedStoreSpec("insert_deliversErrorOnFailure", .failableInsert) {
        try await expectInsertDeliversErrorOnFailure(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("insert_hasNoSideEffectsOnEmptyStoreOnFailure", .failableInsert) {
        try await expectInsertHasNoSideEffectsOnEmptyStoreOnFailure(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("insert_keepsPreviousCacheOnFailure", .failableInsert) {
        try await expectInsertKeepsPreviousCacheOnFailure(using: $0, sourceLocation: $1)
      },
    ]
  }
}

extension FeedStoreSpec where Factory: FailableDeleteFeedStoreFactory {
  static var failableDeleteSpecs: [FeedStoreSpec] {
    [
      FeedStoreSpec("delete_deliversErrorOnFailure", .failableDelete) {
        try await expectDeleteDeliversErrorOnFailure(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("delete_hasNoSideEffectsOnEmptyStoreOnFailure", .failableDelete) {
        try await expectDeleteHasNoSideEffectsOnEmptyStoreOnFailure(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("delete_keepsPreviousCacheOnFailure", .failableDelete) {
        try await expectDeleteKeepsPreviousCacheOnFailure(using: $0, sourceLocation: $1)
      },
    ]
  }
}

extension FeedStoreSpec where Factory: PersistentFeedStoreFactory {
  static var persistenceSpecs: [FeedStoreSpec] {
    [
      FeedStoreSpec("persistence_secondInstanceSeesInsertion", .persistent) {
        try await expectSecondInstanceSeesInsertion(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("persistence_secondInstanceSeesDeletion", .persistent) {
        try await expectSecondInstanceSeesDeletion(using: $0, sourceLocation: $1)
      },
      FeedStoreSpec("persistence_laterInsertFromEitherInstanceWins", .persistent) {
        try await expectLaterInsertFromEitherInstanceWins(using: $0, sourceLocation: $1)
      },
    ]
  }
}
