import FeedCache
import Testing

extension FeedStoreSpec {
  /// One spec that the capability is not claimed for nothing, then each row's checks, row by row
  /// in ``StorageDamage`` order.
  static let damagedStorageSpecs: [FeedStoreSpec] =
    [supportsAtLeastOneRow] + StorageDamage.allCases.flatMap(specs(for:))

  /// The row each damaged-storage spec checks, by spec id.
  static let damageOfSpec: [String: StorageDamage] = Dictionary(
    uniqueKeysWithValues: StorageDamage.allCases.flatMap { damage in
      specs(for: damage).map { ($0.id, damage) }
    })

  private static let supportsAtLeastOneRow = FeedStoreSpec(
    "damagedStorage_supportsAtLeastOneRow", .damagedStorage,
    "A damageable factory supports at least one row of the damaged-storage table.",
    capable: { $0 as? any DamageableFeedStoreFactory },
    body: { factory, sourceLocation in
      let factoryType = type(of: factory)
      let applicable = StorageDamage.allCases.filter {
        factoryType.applicability(of: $0) == .applicable
      }
      if applicable.isEmpty {
        recordIssue(
          "Expected \(factoryType) to support at least one row of StorageDamage, but it declares "
            + "every row not applicable: it must not claim DamageableFeedStoreFactory",
          sourceLocation: sourceLocation)
      }
    })

  private static func specs(for damage: StorageDamage) -> [FeedStoreSpec] {
    damage.isUnreadable
      ? [
        retrieveThrows(on: damage), retrieveErrorNamesStorage(on: damage),
        openAndRetrieveLeaveStorageUntouched(on: damage),
        damage.isForeign ? insertRefuses(damage) : insertReplacesOrRefuses(damage),
        damage.isForeign ? deleteRefuses(damage) : deleteRemovesOrRefuses(damage),
      ]
      : [
        retrieveDeliversLastCommittedCache(on: damage), insertReplacesCache(on: damage),
        deleteRemovesCache(on: damage),
      ]
  }

  // MARK: Unreadable storage

  private static func retrieveThrows(on damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "retrieveThrows", damage,
      "Retrieve on \(damage.phrase) throws, never delivering nil or a partial feed, nor hanging."
    ) { factory, sourceLocation in
      let storage = try await factory.makeDamagedStorageFixture(
        damage, afterCaching: damagedCache())
      guard let sut = await open(storage, damage, sourceLocation) else { return }

      let retrieval = await outcome { try await sut.retrieve() }

      if case .returned(let cache) = retrieval {
        recordIssue(
          "Expected retrieve on \(damage.phrase) to throw, but it delivered "
            + FailureMessage.describe(cache), sourceLocation: sourceLocation)
      }
      recordIfTimedOut(retrieval, "retrieve on \(damage.phrase)", sourceLocation: sourceLocation)
    }
  }

  private static func retrieveErrorNamesStorage(on damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "retrieveErrorNamesStorage", damage,
      "Retrieve on \(damage.phrase) throws an error that names the storage and what is wrong."
    ) { factory, sourceLocation in
      let storage = try await factory.makeDamagedStorageFixture(
        damage, afterCaching: damagedCache())
      guard let sut = await open(storage, damage, sourceLocation) else { return }
      let name = storage.name

      let retrieval = await outcome { try await sut.retrieve() }

      let error: any Error
      switch retrieval {
      case .threw(let thrown):
        error = thrown
      case .returned(let cache):
        recordIssue(
          "Expected retrieve on \(damage.phrase) to throw an error naming the storage, but it "
            + "delivered \(FailureMessage.describe(cache))", sourceLocation: sourceLocation)
        return
      case .timedOut:
        recordIfTimedOut(retrieval, "retrieve on \(damage.phrase)", sourceLocation: sourceLocation)
        return
      }
      let text = String(describing: error)
      let explanation = text.replacing(name, with: "").filter(\.isLetter)
      if !text.contains(name) {
        recordIssue(
          "Expected the error of retrieve on \(damage.phrase) to name the storage "
            + "\(name.debugDescription), but it said: \(text)", sourceLocation: sourceLocation
        )
      } else if explanation.count < minimumExplanationLetters {
        recordIssue(
          "Expected the error of retrieve on \(damage.phrase) to say what is wrong, but it said "
            + "only: \(text)", sourceLocation: sourceLocation)
      }
    }
  }

  private static func openAndRetrieveLeaveStorageUntouched(on damage: StorageDamage)
    -> FeedStoreSpec
  {
    damaged(
      "openAndRetrieveLeaveStorageUntouched", damage,
      "Opening a store over \(damage.phrase) and retrieving leave it byte for byte as it was."
    ) { factory, sourceLocation in
      let storage = try await factory.makeDamagedStorageFixture(
        damage, afterCaching: damagedCache())
      let before = try await storage.snapshot()

      let sut = await open(storage, damage, sourceLocation)
      let opened = try await storage.snapshot()
      let retrieval = await outcome { try await sut?.retrieve() }

      if let difference = opened.difference(from: before) {
        recordIssue(
          "Expected opening a store over \(damage.phrase) to leave it untouched, but "
            + difference, sourceLocation: sourceLocation)
        return
      }
      recordIfTimedOut(retrieval, "retrieve on \(damage.phrase)", sourceLocation: sourceLocation)
      if let difference = try await storage.snapshot().difference(from: before) {
        recordIssue(
          "Expected retrieve on \(damage.phrase) to leave it untouched, but \(difference)",
          sourceLocation: sourceLocation)
      }
    }
  }

  private static func insertReplacesOrRefuses(_ damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "insertReplacesOrLeavesStorageUntouched", damage,
      "Insert over \(damage.phrase) replaces it, or throws and leaves it untouched."
    ) { factory, sourceLocation in
      try await expectChange(
        "insert over \(damage.phrase)", on: damage, by: factory, mayRefuse: true,
        sourceLocation: sourceLocation)
    }
  }

  private static func insertRefuses(_ damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "insertRefusesAndLeavesStorageUntouched", damage,
      "Insert over \(damage.phrase), not the store's to overwrite, throws and leaves it untouched."
    ) { factory, sourceLocation in
      try await expectChange(
        "insert over \(damage.phrase)", on: damage, by: factory, mayRefuse: true,
        mustRefuse: true, sourceLocation: sourceLocation)
    }
  }

  private static func deleteRemovesOrRefuses(_ damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "deleteRemovesOrLeavesStorageUntouched", damage,
      "Delete on \(damage.phrase) removes it, or throws and leaves it untouched."
    ) { factory, sourceLocation in
      try await expectChange(
        "delete on \(damage.phrase)", on: damage, by: factory, mayRefuse: true,
        sourceLocation: sourceLocation)
    }
  }

  private static func deleteRefuses(_ damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "deleteRefusesAndLeavesStorageUntouched", damage,
      "Delete on \(damage.phrase), not the store's to remove, throws and leaves it untouched."
    ) { factory, sourceLocation in
      try await expectChange(
        "delete on \(damage.phrase)", on: damage, by: factory, mayRefuse: true,
        mustRefuse: true, sourceLocation: sourceLocation)
    }
  }

  // MARK: Intact storage beside a dead writer's leftovers

  private static func retrieveDeliversLastCommittedCache(on damage: StorageDamage)
    -> FeedStoreSpec
  {
    damaged(
      "retrieveDeliversLastCommittedCache", damage,
      "Retrieve on \(damage.phrase) delivers the cache last committed, exactly."
    ) { factory, sourceLocation in
      let committed = damagedCache()
      let storage = try await factory.makeDamagedStorageFixture(damage, afterCaching: committed)
      guard let sut = await open(storage, damage, sourceLocation) else { return }

      await expectTimedRetrieval(
        from: sut, toDeliver: committed, "on \(damage.phrase)", sourceLocation: sourceLocation)
    }
  }

  private static func insertReplacesCache(on damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "insertReplacesCache", damage,
      "Insert on \(damage.phrase) succeeds, and retrieve then delivers exactly the new feed."
    ) { factory, sourceLocation in
      try await expectChange(
        "insert on \(damage.phrase)", on: damage, by: factory, mayRefuse: false,
        sourceLocation: sourceLocation)
    }
  }

  private static func deleteRemovesCache(on damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "deleteRemovesCache", damage,
      "Delete on \(damage.phrase) succeeds, and retrieve then delivers nil."
    ) { factory, sourceLocation in
      try await expectChange(
        "delete on \(damage.phrase)", on: damage, by: factory, mayRefuse: false,
        sourceLocation: sourceLocation)
    }
  }

  // MARK: Helpers

  /// Letters an error must have besides the storage's name to count as saying what is wrong.
  private static let minimumExplanationLetters = 10

  /// What the store held before its storage was damaged: enough images to span several pages or
  /// buffers, so a cut in the middle falls inside an image.
  private static func damagedCache() -> CachedFeed {
    CachedFeed(
      feed: FeedStoreFixtures.uniqueImageFeed(count: 10),
      timestamp: FeedStoreFixtures.preciseTimestamp())
  }

  /// Runs an insert (when `action` starts with "insert") or a delete on a store over `damage`,
  /// and checks it either did its job, proven by a retrieve, or threw leaving the storage as it
  /// was; `mustRefuse` demands the throw, and `mayRefuse` false demands success.
  private static func expectChange(
    _ action: String, on damage: StorageDamage, by factory: any DamageableFeedStoreFactory,
    mayRefuse: Bool, mustRefuse: Bool = false, sourceLocation: SourceLocation
  ) async throws {
    let storage = try await factory.makeDamagedStorageFixture(
      damage, afterCaching: damagedCache())
    let before = try await storage.snapshot()
    guard let sut = await open(storage, damage, sourceLocation) else { return }
    let isInsert = action.hasPrefix("insert")
    // Larger than the damaged cache, so a store that writes in place must grow its storage.
    let new = CachedFeed(
      feed: FeedStoreFixtures.uniqueImageFeed(count: 30),
      timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))

    let change = await outcome {
      if isInsert {
        try await sut.insert(new.feed, timestamp: new.timestamp)
      } else {
        try await sut.deleteCachedFeed()
      }
    }

    switch change {
    case .returned where mustRefuse:
      recordIssue(
        "Expected \(action) to throw, as the storage is not the store's to change, but it "
          + "succeeded", sourceLocation: sourceLocation)
    case .returned:
      await expectTimedRetrieval(
        from: sut, toDeliver: isInsert ? new : nil, "after \(action) succeeded",
        sourceLocation: sourceLocation)
    case .threw(let error) where !mayRefuse:
      recordIssue(
        "Expected \(action) to succeed, but it threw: \(error)", sourceLocation: sourceLocation)
    case .threw:
      let after = try await storage.snapshot()
      if let difference = after.difference(from: before) {
        recordIssue(
          "Expected \(action) that threw to leave the storage untouched, but \(difference)",
          sourceLocation: sourceLocation)
      }
    case .timedOut:
      recordIfTimedOut(change, action, sourceLocation: sourceLocation)
    }
  }

  /// Opens a store over `storage`, recording an issue when opening throws: problems with the
  /// storage must surface from the store's operations, so an app can always recover through them.
  ///
  /// - Returns: The store, or `nil` when it could not be opened.
  private static func open(
    _ storage: DamagedStorageFixture, _ damage: StorageDamage, _ sourceLocation: SourceLocation
  ) async -> (any FeedStore)? {
    switch await outcome(of: storage.open) {
    case .returned(let store):
      return store
    case .threw(let error):
      recordIssue(
        "Expected opening a store over \(damage.phrase) to succeed, leaving the problem to its "
          + "operations, but it threw: \(error)", sourceLocation: sourceLocation)
    case .timedOut(let limit):
      recordIssue(
        "Expected opening a store over \(damage.phrase) to return, but it had not after \(limit)",
        sourceLocation: sourceLocation)
    }
    return nil
  }

  /// Retrieves from `store` within the time limit, recording an issue unless it delivers
  /// `expected`.
  private static func expectTimedRetrieval(
    from store: any FeedStore, toDeliver expected: CachedFeed?, _ situation: String,
    sourceLocation: SourceLocation
  ) async {
    let expectation =
      "Expected retrieve \(situation) to deliver \(FailureMessage.describe(expected))"
    switch await outcome(of: { try await store.retrieve() }) {
    case .returned(let retrieved):
      if let difference = FailureMessage.difference(between: expected, and: retrieved) {
        recordIssue("\(expectation), but \(difference)", sourceLocation: sourceLocation)
        CacheAttachment.record(
          expected: expected, retrieved: retrieved, sourceLocation: sourceLocation)
      }
    case .threw(let error):
      recordIssue("\(expectation), but it threw: \(error)", sourceLocation: sourceLocation)
    case .timedOut(let limit):
      recordIssue(
        "\(expectation), but it had not returned after \(limit)", sourceLocation: sourceLocation)
    }
  }

  private static func recordIfTimedOut<Value>(
    _ outcome: TimedOutcome<Value>, _ action: String, sourceLocation: SourceLocation
  ) {
    if case .timedOut(let limit) = outcome {
      recordIssue(
        "Expected \(action) to return, but it had not after \(limit)",
        sourceLocation: sourceLocation)
    }
  }

  /// Defines the spec `check(damage)` of the damaged-storage capability.
  ///
  /// It fails, rather than passes, when run through ``verify(_:sourceLocation:)`` with a factory
  /// whose format lacks the row.
  private static func damaged(
    _ check: String, _ damage: StorageDamage, _ summary: String,
    body:
      @escaping @Sendable (any DamageableFeedStoreFactory, SourceLocation) async throws -> Void
  ) -> FeedStoreSpec {
    let id = "damagedStorage_\(check)(\(damage.rawValue))"
    return FeedStoreSpec(
      id, .damagedStorage, summary, capable: { $0 as? any DamageableFeedStoreFactory },
      body: { factory, sourceLocation in
        if case .notApplicable(let reason) = type(of: factory).applicability(of: damage) {
          recordIssue(
            "\(id) does not apply to \(type(of: factory)), so it was not run: \(reason)",
            sourceLocation: sourceLocation)
          return
        }
        try await body(factory, sourceLocation)
      })
  }
}
