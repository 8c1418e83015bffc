import FeedCache
import FeedStoreSpecs
import Foundation
import Testing

@Suite struct FeedStoreSpecCatalogTests {
  @Test func all_runsOnlyCoreSpecsForFactoryWithoutCapabilities() {
    let specs = FeedStoreSpec.all(for: CoreOnlyFactory.self)

    #expect(Set(specs.map(\.capability.name)) == ["core"])
  }

  @Test func all_addsSpecsOfEachCapabilityTheFactoryConformsTo() {
    let specs = FeedStoreSpec.all(for: InsertFailableOnlyFactory.self)

    #expect(Set(specs.map(\.capability.name)) == ["core", "failableInsert"])
  }

  @Test func all_findsCapabilityDeclaredInAnExtension() {
    let specs = FeedStoreSpec.all(for: PersistentByExtensionFactory.self)

    #expect(Set(specs.map(\.capability.name)) == ["core", "persistent"])
  }

  @Test func capabilityMembers_nameEveryCapabilityOfTheCatalogInOrder() {
    let members: [FeedStoreCapability] = [
      .core, .failableRetrieve, .failableInsert, .failableDelete, .persistent, .damagedStorage,
      .crashSafety,
    ]

    #expect(members.map(\.name) == FeedStoreCatalog.capabilities.map(\.name))
  }

  @Test func all_findsCapabilitiesThroughAGenericCaller() {
    func specs<Factory: FeedStoreFactory>(for _: Factory.Type) -> [FeedStoreSpec] {
      FeedStoreSpec.all(for: Factory.self)
    }

    let found = specs(for: MisbehavingFeedStoreFactory.self) + specs(for: DiskFeedStoreFactory.self)

    #expect(Set(found.map(\.capability)) == Set(FeedStoreCapability.all))
  }

  @Test func catalog_givesEverySpecAUniqueID() {
    let ids = FeedStoreSpec.catalog.map(\.id)

    #expect(Set(ids).count == ids.count)
  }

  @Test func catalog_givesEverySpecAOneSentenceSummary() {
    let unsummarized = FeedStoreSpec.catalog.filter {
      $0.summary.isEmpty || !$0.summary.hasSuffix(".") || $0.summary.count > 150
    }

    #expect(unsummarized.map(\.id) == [])
  }

  /// IDs are how a runner re-runs one case: renaming one is a breaking change.
  @Test func catalog_keepsSpecIDsStable() {
    let ids = FeedStoreSpec.catalog.map(\.id)

    #expect(
      ids == [
        "retrieve_deliversNilOnEmptyStore",
        "retrieve_hasNoSideEffectsOnEmptyStore",
        "retrieve_deliversInsertedCache",
        "retrieve_deliversEveryFieldExactly",
        "retrieve_hasNoSideEffectsOnNonEmptyStore",
        "insert_succeedsOnEmptyStore",
        "insert_succeedsOnNonEmptyStore",
        "insert_overridesPreviouslyInsertedCache",
        "insert_cachesEmptyFeedAsEmptyCacheNotNil",
        "insert_sameImagesWithALaterTimestampDeliverTheLaterTimestamp",
        "insert_otherImagesWithTheSameTimestampDeliverTheOtherImages",
        "delete_succeedsOnEmptyStore",
        "delete_hasNoSideEffectsOnEmptyStore",
        "delete_succeedsOnNonEmptyStore",
        "delete_emptiesPreviouslyInsertedCache",
        "isolation_storesFromTwoMakeStoreCallsShareNothing",
        "roundTrip_keepsUnicodeTextExactly",
        "roundTrip_keepsURLsExactly",
        "roundTrip_keepsRelativeURLsAsGivenOrAbsolute",
        "roundTrip_keepsTimestampsToTheBit",
        "roundTrip_keepsImagesThatShareIDsOrURLs",
        "roundTrip_keepsFeedsOfEverySize",
        "roundTrip_refusesOrKeepsValuesItCannotRepresent",
        "roundTrip_keepsEveryPartOfTheURLGrammar",
        "roundTrip_keepsEveryPartOfUnicodeText",
        "roundTrip_keepsTimestampsFromTheWholeRangeOfDate",
        "roundTrip_keepsFeedsOfSizesBesidePowersOfTwo",
        "roundTrip_keepsTextOfLengthsBesidePowersOfTwo",
        "concurrency_concurrentInsertsAndRetrievesNeverMixFeeds",
        "concurrency_operationsInSequenceAreObservedInOrder",
        "lifetime_releasedStoreIsDeallocated",
        "model_randomOperationsMatchTheContract",
        "model_longUseOfOneStoreMatchesTheContract",
        "retrieve_deliversErrorOnFailure",
        "retrieve_hasNoSideEffectsOnFailure",
        "insert_deliversErrorOnFailure",
        "insert_hasNoSideEffectsOnEmptyStoreOnFailure",
        "insert_keepsPreviousCacheOnFailure",
        "delete_deliversErrorOnFailure",
        "delete_hasNoSideEffectsOnEmptyStoreOnFailure",
        "delete_keepsPreviousCacheOnFailure",
        "persistence_secondInstanceSeesInsertion",
        "persistence_secondInstanceSeesDeletion",
        "persistence_laterInsertFromEitherInstanceWins",
        "concurrency_twoInstancesOverOneStorageNeverMixFeeds",
        "concurrency_operationsInSequenceAreObservedInOrderAcrossInstances",
        "concurrency_storesOpenedTogetherOverNewStorageAllWork",
        "damagedStorage_supportsAtLeastOneRow",
      ] + damagedStorageIDs + [
        "crash_insertLeavesOldOrNewCache",
        "crash_nextInsertRemovesStrayItems",
        "crash_nextDeleteRemovesStrayItems",
      ])
  }

  /// The damaged-storage ids, row by row: the rows' names and each check's name are published.
  private var damagedStorageIDs: [String] {
    let rows = [
      "empty", "truncatedHeader", "truncatedMidImage", "truncatedLastByte", "wrongShape",
      "wrongValueTypes", "binaryGarbage", "unrelatedFile", "newerFormatVersion", "foreignStorage",
      "directoryInPlace", "unreadable", "leftoverPartialWrite", "directoryInPlaceOfSideFile",
      "linkInPlaceOfSideFile",
    ]
    let foreign: Set = ["newerFormatVersion", "foreignStorage", "directoryInPlace"]
    let sideFile: Set = ["directoryInPlaceOfSideFile", "linkInPlaceOfSideFile"]
    return rows.flatMap { row in
      let checks =
        row == "leftoverPartialWrite"
        ? ["retrieveDeliversLastCommittedCache", "insertReplacesCache", "deleteRemovesCache"]
        : sideFile.contains(row)
          ? [
            "retrieveDeliversLastCommittedCacheOrThrows", "openAndRetrieveLeaveStorageUntouched",
            "insertRefusesAndLeavesStorageUntouched", "deleteRefusesAndLeavesStorageUntouched",
          ]
          : [
            "retrieveThrows", "retrieveErrorNamesStorage", "openAndRetrieveLeaveStorageUntouched",
            foreign.contains(row)
              ? "insertRefusesAndLeavesStorageUntouched" : "insertReplacesOrLeavesStorageUntouched",
            foreign.contains(row)
              ? "deleteRefusesAndLeavesStorageUntouched" : "deleteRemovesOrLeavesStorageUntouched",
          ]
      return checks.map { "damagedStorage_\($0)(\(row))" }
    }
  }

  @Test func all_leavesOutRowsTheFactorysFormatCannotHave() {
    let ids = FeedStoreSpec.all(for: PartlyDamageableFactory.self).map(\.id)

    #expect(!ids.contains("damagedStorage_retrieveThrows(foreignStorage)"))
    #expect(ids.contains("damagedStorage_retrieveThrows(empty)"))
  }

  @Test func notApplicable_listsEachLeftOutSpecWithTheFactorysReason() {
    let exemptions = FeedStoreSpec.notApplicable(for: PartlyDamageableFactory.self)

    #expect(
      exemptions.map(\.spec.id) == [
        "lifetime_releasedStoreIsDeallocated",
        "damagedStorage_retrieveThrows(foreignStorage)",
        "damagedStorage_retrieveErrorNamesStorage(foreignStorage)",
        "damagedStorage_openAndRetrieveLeaveStorageUntouched(foreignStorage)",
        "damagedStorage_insertRefusesAndLeavesStorageUntouched(foreignStorage)",
        "damagedStorage_deleteRefusesAndLeavesStorageUntouched(foreignStorage)",
      ])
    #expect(
      Set(exemptions.map(\.reason)) == [
        PartlyDamageableFactory.reason,
        "DiskFeedStore is a value type, which has nothing to release",
      ])
  }

  @Test func notApplicable_listsNoDamagedStorageRowForFactoryWithoutTheCapability() {
    let exemptions = FeedStoreSpec.notApplicable(for: RowlessButNotDamageableFactory.self)

    #expect(exemptions.map(\.spec.id) == ["lifetime_releasedStoreIsDeallocated"])
  }

  @Test func lifetime_appliesToStoresThatAreObjects() {
    let ids = FeedStoreSpec.all(for: CoreOnlyFactory.self).map(\.id)

    #expect(ids.contains("lifetime_releasedStoreIsDeallocated"))
  }

  @Test func verify_failsAtCallerWhenRowDoesNotApplyToFactory() async throws {
    let spec = try #require(FeedStoreSpec.named("damagedStorage_retrieveThrows(foreignStorage)"))
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await spec.verify(PartlyDamageableFactory(), sourceLocation: caller)
    }

    #expect(failures.map(\.sourceLocation) == [caller])
    #expect(
      failures.map { $0.comments.map(\.rawValue) } == [
        [
          "damagedStorage_retrieveThrows(foreignStorage) does not apply to "
            + "PartlyDamageableFactory, so it was not run: \(PartlyDamageableFactory.reason)"
        ]
      ])
  }

  @Test func named_findsTheSpecWithThatID() throws {
    let spec = try #require(FeedStoreSpec.named("insert_overridesPreviouslyInsertedCache"))

    #expect(spec.capability.name == FeedStoreCatalog.core.name)
  }

  @Test func named_deliversNilForAnUnknownID() {
    #expect(FeedStoreSpec.named("insert_doesSomethingNoSpecChecks") == nil)
  }

  @Test func verify_failsAtCallerWhenFactoryLacksTheSpecsCapability() async throws {
    let spec = try #require(FeedStoreSpec.named("insert_deliversErrorOnFailure"))
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await spec.verify(CoreOnlyFactory(), sourceLocation: caller)
    }

    #expect(failures.map(\.sourceLocation) == [caller])
    #expect(
      failures.map { $0.comments.map(\.rawValue) } == [
        [
          "insert_deliversErrorOnFailure needs a factory that conforms to "
            + "FailableInsertFeedStoreFactory, and CoreOnlyFactory does not"
        ]
      ])
  }
}

private struct CoreOnlyFactory: FeedStoreFactory {
  func makeStore() -> MisbehavingFeedStore {
    MisbehavingFeedStoreFactory(misbehavior: nil).makeStore()
  }
}

private struct InsertFailableOnlyFactory: FailableInsertFeedStoreFactory {
  func makeStore() -> MisbehavingFeedStore {
    MisbehavingFeedStoreFactory(misbehavior: nil).makeStore()
  }

  func makeInsertionFail(for store: MisbehavingFeedStore) async {
    await store.breakOperation(.insert)
  }
}

private struct PersistentByExtensionFactory: FeedStoreFactory {
  func makeStore() -> MisbehavingFeedStore {
    MisbehavingFeedStoreFactory(misbehavior: nil).makeStore()
  }
}

extension PersistentByExtensionFactory: PersistentFeedStoreFactory {
  func makeStore(sharingStorageWith store: MisbehavingFeedStore) async -> MisbehavingFeedStore {
    await MisbehavingFeedStoreFactory(misbehavior: nil).makeStore(sharingStorageWith: store)
  }
}

/// A damageable factory whose format has every row but foreign storage.
private struct PartlyDamageableFactory: DamageableFeedStoreFactory {
  static let reason = "its files name no owner"

  static func applicability(of damage: StorageDamage) -> StorageDamage.Applicability {
    damage == .foreignStorage ? .notApplicable(reason: reason) : .applicable
  }

  func makeStore() -> DiskFeedStore {
    DiskFeedStoreFactory(misbehavior: nil).makeStore()
  }

  func makeStorage(damagedAs damage: StorageDamage, afterCaching cache: CachedFeed) throws
    -> DiskFeedStore
  {
    try DiskFeedStoreFactory(misbehavior: nil).makeStorage(damagedAs: damage, afterCaching: cache)
  }

  func makeStore(over storage: DiskFeedStore) throws -> DiskFeedStore {
    try DiskFeedStoreFactory(misbehavior: nil).makeStore(over: storage)
  }

  func storageName(of store: DiskFeedStore) -> String {
    store.name
  }

  func snapshot(of store: DiskFeedStore) -> StorageSnapshot {
    DiskFeedStoreFactory(misbehavior: nil).snapshot(of: store)
  }
}

private struct RowlessButNotDamageableFactory: FeedStoreFactory {
  func makeStore() -> DiskFeedStore {
    DiskFeedStoreFactory(misbehavior: nil).makeStore()
  }
}
