import ContractSpecs
import FeedCache

extension FeedStoreCatalog {
  /// One spec that the capability is not claimed for nothing, then each row's checks, row by row
  /// in ``StorageDamage`` order.
  static let damagedStorageSpecs: [FeedStoreSpec] =
    [supportsAtLeastOneRow] + StorageDamage.allCases.flatMap(specs(for:))

  private static let supportsAtLeastOneRow: FeedStoreSpec = FeedStoreSpec(
    "damagedStorage_supportsAtLeastOneRow", damagedStorage,
    "A damageable factory supports at least one row of the damaged-storage table."
  ) { (factory: any DamageableFeedStoreFactory) in
    let factoryType = type(of: factory)

    let applicable = StorageDamage.allCases.filter {
      factoryType.applicability(of: $0) == .applicable
    }

    if applicable.isEmpty {
      SpecRun.recordFailure(
        "Expected \(factoryType) to support at least one row of StorageDamage, but it declares "
          + "every row not applicable: it must not claim DamageableFeedStoreFactory")
    }
  }

  private static func specs(for damage: StorageDamage) -> [FeedStoreSpec] {
    if damage.obstructsSideFile {
      return [
        retrieveDeliversLastCommittedCacheOrThrows(on: damage),
        openAndRetrieveLeaveStorageUntouched(on: damage),
        change(.insert, damage, must: .refuse, "insertRefusesAndLeavesStorageUntouched"),
        change(.delete, damage, must: .refuse, "deleteRefusesAndLeavesStorageUntouched"),
      ]
    }
    guard damage.isUnreadable else {
      return [
        retrieveDeliversLastCommittedCache(on: damage),
        change(.insert, damage, must: .succeed, "insertReplacesCache"),
        change(.delete, damage, must: .succeed, "deleteRemovesCache"),
      ]
    }
    return [
      retrieveThrows(on: damage), retrieveErrorNamesStorage(on: damage),
      openAndRetrieveLeaveStorageUntouched(on: damage),
      damage.isForeign
        ? change(.insert, damage, must: .refuse, "insertRefusesAndLeavesStorageUntouched")
        : change(.insert, damage, must: .succeedOrRefuse, "insertReplacesOrLeavesStorageUntouched"),
      damage.isForeign
        ? change(.delete, damage, must: .refuse, "deleteRefusesAndLeavesStorageUntouched")
        : change(.delete, damage, must: .succeedOrRefuse, "deleteRemovesOrLeavesStorageUntouched"),
    ]
  }

  // MARK: Unreadable storage

  private static func retrieveThrows(on damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "retrieveThrows", damage,
      "Retrieve on \(damage.phrase) throws, never delivering nil or a partial feed, nor hanging."
    ) { factory in
      let storage = try await factory.makeDamagedStorageFixture(damage)
      guard let sut = await open(storage, damage) else { return }

      let retrieved: CachedFeed?
      do {
        retrieved = try await sut.retrieve("retrieve on \(damage.phrase)")
      } catch {
        return
      }

      SpecRun.recordFailure(
        "Expected retrieve on \(damage.phrase) to throw, but it delivered "
          + CacheComparison.describe(retrieved))
    }
  }

  private static func retrieveErrorNamesStorage(on damage: StorageDamage) -> FeedStoreSpec {
    damaged(
      "retrieveErrorNamesStorage", damage,
      "Recommended: retrieve on \(damage.phrase) throws an error that names the storage and what "
        + "is wrong.",
      isRecommendation: true
    ) { factory in
      let storage = try await factory.makeDamagedStorageFixture(damage)
      guard let sut = await open(storage, damage) else { return }

      let error: any Error
      do {
        let retrieved = try await sut.retrieve("retrieve on \(damage.phrase)")
        SpecRun.recordFailure(
          "Expected retrieve on \(damage.phrase) to throw an error naming the storage, but it "
            + "delivered \(CacheComparison.describe(retrieved))")
        return
      } catch let thrown {
        error = thrown
      }

      let text = String(describing: error)
      let explanation = text.replacing(storage.name, with: "").filter(\.isLetter)
      if !text.contains(storage.name) {
        SpecRun.recordFailure(
          "Expected the error of retrieve on \(damage.phrase) to name the storage "
            + "\(storage.name.debugDescription), but it said: \(text)")
      } else if explanation.count < minimumExplanationLetters {
        SpecRun.recordFailure(
          "Expected the error of retrieve on \(damage.phrase) to say what is wrong, but it said "
            + "only: \(text)")
      }
    }
  }

  private static func openAndRetrieveLeaveStorageUntouched(on damage: StorageDamage)
    -> FeedStoreSpec
  {
    damaged(
      "openAndRetrieveLeaveStorageUntouched", damage,
      "Opening a store over \(damage.phrase) and retrieving leave it byte for byte as it was."
    ) { factory in
      let storage = try await factory.makeDamagedStorageFixture(damage)
      let before = try await storage.snapshot("before a store opens it")

      let sut = await open(storage, damage)
      let opened = try await storage.snapshot("after a store opened it")
      _ = try? await sut?.retrieve("retrieve on \(damage.phrase)")
      let retrieved = try await storage.snapshot("after a retrieve")

      if let difference = opened.difference(from: before) {
        SpecRun.recordFailure(
          "Expected opening a store over \(damage.phrase) to leave it untouched, but \(difference)")
      } else if let difference = retrieved.difference(from: before) {
        SpecRun.recordFailure(
          "Expected retrieve on \(damage.phrase) to leave it untouched, but \(difference)")
      }
    }
  }

  // MARK: Intact storage beside a dead writer's leftovers

  private static func retrieveDeliversLastCommittedCache(on damage: StorageDamage)
    -> FeedStoreSpec
  {
    damaged(
      "retrieveDeliversLastCommittedCache", damage,
      "Retrieve on \(damage.phrase) delivers the cache last committed, exactly."
    ) { factory in
      let storage = try await factory.makeDamagedStorageFixture(damage)
      guard let sut = await open(storage, damage) else { return }

      await expectRetrieval(from: sut, toDeliver: damagedCache, "on \(damage.phrase)")
    }
  }

  // MARK: Intact storage beside something the store did not make

  private static func retrieveDeliversLastCommittedCacheOrThrows(on damage: StorageDamage)
    -> FeedStoreSpec
  {
    damaged(
      "retrieveDeliversLastCommittedCacheOrThrows", damage,
      "Retrieve on \(damage.phrase) delivers the last committed cache or throws, never nil or "
        + "another feed."
    ) { factory in
      let storage = try await factory.makeDamagedStorageFixture(damage)
      guard let sut = await open(storage, damage) else { return }

      let cache: CachedFeed?
      do {
        cache = try await sut.retrieve("retrieve on \(damage.phrase)")
      } catch {
        return
      }

      if let difference = CacheComparison.difference(between: damagedCache, and: cache) {
        SpecRun.recordFailure(
          "Expected retrieve on \(damage.phrase) to deliver "
            + "\(CacheComparison.describe(damagedCache)) or throw, but \(difference)")
      }
    }
  }

  // MARK: Insert and delete

  /// A change that a store makes to its storage.
  private enum Change: String {
    case insert, delete

    /// Where the change happens, as a message says it: "insert over empty storage".
    func action(on damage: StorageDamage) -> String {
      self == .insert ? "insert over \(damage.phrase)" : "delete on \(damage.phrase)"
    }
  }

  /// What a change to damaged storage may do.
  private enum Rule {
    /// Replace or remove the damage: storage in the store's own format beside a dead writer's
    /// leftovers, which is readable.
    case succeed
    /// Replace or remove the damage, or throw leaving it byte for byte as it was: storage in the
    /// store's own format that it cannot read.
    case succeedOrRefuse
    /// Throw, leaving the storage byte for byte as it was: storage that is not the store's.
    case refuse
  }

  /// The spec `check` of `damage`: `change` on a store over the damaged storage obeys `rule`,
  /// its success proven by a retrieve.
  private static func change(
    _ change: Change, _ damage: StorageDamage, must rule: Rule, _ check: String
  ) -> FeedStoreSpec {
    let action = change.action(on: damage)
    let summary =
      switch (change, rule) {
      case (.insert, .succeed):
        "Insert on \(damage.phrase) succeeds, and retrieve then delivers exactly the new feed."
      case (.delete, .succeed):
        "Delete on \(damage.phrase) succeeds, and retrieve then delivers nil."
      case (.insert, .succeedOrRefuse):
        "Insert over \(damage.phrase) replaces it, or throws and leaves it untouched."
      case (.delete, .succeedOrRefuse):
        "Delete on \(damage.phrase) removes it, or throws and leaves it untouched."
      case (.insert, .refuse) where damage.obstructsSideFile:
        "Insert on \(damage.phrase) throws, leaving both untouched and never writing through it."
      case (.delete, .refuse) where damage.obstructsSideFile:
        "Delete on \(damage.phrase) throws, leaving both untouched and never writing through it."
      case (.insert, .refuse):
        "Insert over \(damage.phrase), not the store's to overwrite, throws and leaves it "
          + "untouched."
      case (.delete, .refuse):
        "Delete on \(damage.phrase), not the store's to remove, throws and leaves it untouched."
      }
    return damaged(check, damage, summary) { factory in
      let storage = try await factory.makeDamagedStorageFixture(damage)
      let before = try await storage.snapshot("before a store opens it")
      guard let sut = await open(storage, damage) else { return }
      // Larger than the damaged cache, so a store that writes in place must grow its storage.
      let new = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(count: 30),
        timestamp: FeedStoreFixtures.preciseTimestamp(offset: 1))

      let error: (any Error)?
      do {
        switch change {
        case .insert: try await sut.insert(new, action)
        case .delete: try await sut.deleteCachedFeed(action)
        }
        error = nil
      } catch let thrown {
        error = thrown
      }

      switch (error, rule) {
      case (nil, .refuse):
        let foreign =
          damage.obstructsSideFile ? "what stands where its side file belongs" : "the storage"
        SpecRun.recordFailure(
          "Expected \(action) to throw, as \(foreign) is not the store's to change, but it "
            + "succeeded")
      case (nil, _):
        await expectRetrieval(
          from: sut, toDeliver: change == .insert ? new : nil, "after \(action) succeeded")
      case (let error?, .succeed):
        SpecRun.recordFailure("Expected \(action) to succeed, but it threw: \(error)")
      case (_?, _):
        if let difference = try await storage.snapshot("after \(action) threw").difference(
          from: before)
        {
          SpecRun.recordFailure(
            "Expected \(action) that threw to leave the storage untouched, but \(difference)")
        }
      }
    }
  }

  // MARK: Helpers

  /// Letters an error must have besides the storage's name to count as saying what is wrong.
  private static let minimumExplanationLetters = 10

  /// What the store held before its storage was damaged.
  ///
  /// Enough images to span several pages or buffers, so a cut in the middle falls inside an image.
  fileprivate static let damagedCache = CachedFeed(
    feed: FeedStoreFixtures.numberedFeed(0, count: 10),
    timestamp: FeedStoreFixtures.preciseTimestamp())

  /// Opens a store over `storage`, recording a failure when opening throws: problems with the
  /// storage must surface from the store's operations, so an app can always recover through them.
  ///
  /// - Returns: The store, or `nil` when it could not be opened.
  private static func open(_ storage: DamagedStorageFixture, _ damage: StorageDamage) async
    -> (any FeedStore)?
  {
    do {
      return try await storage.open()
    } catch {
      SpecRun.recordFailure(
        "Expected opening a store over \(damage.phrase) to succeed, leaving the problem to its "
          + "operations, but it threw: \(error)")
      return nil
    }
  }

  /// Defines the spec `check(damage)` of the damaged-storage capability, which does not apply to
  /// a factory whose format lacks the row.
  private static func damaged(
    _ check: String, _ damage: StorageDamage, _ summary: String, isRecommendation: Bool = false,
    body: @escaping @Sendable (any DamageableFeedStoreFactory) async throws -> Void
  ) -> FeedStoreSpec {
    FeedStoreSpec(
      "damagedStorage_\(check)(\(damage.rawValue))", damagedStorage, summary,
      isRecommendation: isRecommendation,
      notApplicableReason: { factoryType in
        guard let damageable = factoryType as? any DamageableFeedStoreFactory.Type,
          case .notApplicable(let reason) = damageable.applicability(of: damage)
        else { return nil }
        return reason
      },
      body: body)
  }
}

/// Damaged storage made by a factory, with what the specs do to it, free of the factory's types:
/// every call to the factory is bounded in time, and an error from one names the method and the
/// row.
private struct DamagedStorageFixture: Sendable {
  let name: String
  let snapshotStorage: @Sendable (String) async throws -> StorageSnapshot
  let open: @Sendable () async throws -> any FeedStore

  /// The storage's content now.
  ///
  /// - Parameter moment: When the spec looks, as a failure names it: "after a retrieve".
  /// - Returns: Every item of the storage and its bytes.
  /// - Throws: What the factory's `snapshot(of:)` throws.
  func snapshot(_ moment: String) async throws -> StorageSnapshot {
    try await snapshotStorage(moment)
  }
}

extension DamageableFeedStoreFactory {
  /// Makes storage damaged as `damage` after caching the specs' damaged cache, ready for a spec to
  /// inspect and open.
  ///
  /// - Throws: What making the storage throws.
  fileprivate func makeDamagedStorageFixture(_ damage: StorageDamage) async throws
    -> DamagedStorageFixture
  {
    let row = "for the row \(damage.rawValue)"
    let storage = try await SpecRun.perform(
      "\(Self.self).makeStorage(damagedAs:afterCaching:) \(row)"
    ) {
      try await makeStorage(damagedAs: damage, afterCaching: FeedStoreCatalog.damagedCache)
    }
    return DamagedStorageFixture(
      name: storageName(of: storage),
      snapshotStorage: { moment in
        try await SpecRun.perform("\(Self.self).snapshot(of:) \(moment), \(row)") {
          try await snapshot(of: storage)
        }
      },
      open: {
        tracked(
          try await SpecRun.perform("\(Self.self).makeStore(over:) \(row)") {
            try await makeStore(over: storage)
          })
      })
  }
}
