import FeedCache
import FeedStoreSpecs
import Foundation
import Testing

@Suite struct FeedStoreSpecCatalogTests {
  @Test func all_runsOnlyCoreSpecsForFactoryWithoutCapabilities() {
    let specs = FeedStoreSpec.all(for: CoreOnlyFactory.self)

    #expect(Set(specs.map(\.capability)) == [.core])
  }

  @Test func all_addsSpecsOfEachCapabilityTheFactoryConformsTo() {
    let specs = FeedStoreSpec.all(for: InsertFailableOnlyFactory.self)

    #expect(Set(specs.map(\.capability)) == [.core, .failableInsert])
  }

  @Test func all_runsEveryCapabilityForFactoryWithAllOfThem() {
    let specs = FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self)

    #expect(Set(specs.map(\.capability)) == Set(FeedStoreCapability.allCases))
  }

  @Test func all_givesEverySpecAUniqueID() {
    let ids = FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self).map(\.id)

    #expect(Set(ids).count == ids.count)
  }

  /// IDs are how a runner re-runs one case: renaming one is a breaking change.
  @Test func all_keepsSpecIDsStable() {
    let ids = FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self).map(\.id)

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
        "delete_succeedsOnEmptyStore",
        "delete_hasNoSideEffectsOnEmptyStore",
        "delete_succeedsOnNonEmptyStore",
        "delete_emptiesPreviouslyInsertedCache",
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
      ])
  }

  @Test func spec_isNamedByItsIDInTestOutput() throws {
    let spec = try #require(FeedStoreSpec.all(for: CoreOnlyFactory.self).first)

    #expect(spec.testDescription == spec.id)
  }
}

private struct CoreOnlyFactory: FeedStoreFactory {
  func makeStore() -> MisbehavingFeedStore {
    MisbehavingFeedStoreFactory(misbehaviour: nil).makeStore()
  }
}

private struct InsertFailableOnlyFactory: FailableInsertFeedStoreFactory {
  func makeStore() -> MisbehavingFeedStore {
    MisbehavingFeedStoreFactory(misbehaviour: nil).makeStore()
  }

  func makeInsertionFail(for store: MisbehavingFeedStore) async {
    await store.breakOperation(.insert)
  }
}
