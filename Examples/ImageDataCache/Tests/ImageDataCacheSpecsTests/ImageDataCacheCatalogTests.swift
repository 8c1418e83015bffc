import ContractSpecs
import ImageDataCacheSpecs
import Testing

@Suite struct ImageDataCacheCatalogTests {
  @Test func all_runsOnlyTheCoreSpecsForAFactoryWithoutCapabilities() {
    let specs = ImageDataCacheSpec.all(for: CoreOnlyFactory.self)

    #expect(Set(specs.map(\.capability.name)) == ["core"])
  }

  @Test func all_addsTheSpecsOfEachCapabilityTheFactoryConformsTo() {
    let specs = ImageDataCacheSpec.all(for: JournalImageDataCacheFactory.self)

    #expect(specs.map(\.id) == ImageDataCacheSpec.catalog.map(\.id))
  }

  @Test func catalog_givesEverySpecAUniqueID() {
    let ids = ImageDataCacheSpec.catalog.map(\.id)

    #expect(Set(ids).count == ids.count)
  }

  @Test func catalog_givesEverySpecAOneSentenceSummary() {
    let unsummarized = ImageDataCacheSpec.catalog.filter {
      $0.summary.isEmpty || !$0.summary.hasSuffix(".") || $0.summary.count > 150
        || $0.isRecommendation != $0.summary.hasPrefix("Recommended:")
    }

    #expect(unsummarized.map(\.id) == [])
  }

  /// An id is how a runner re-runs one case: renaming one breaks every adopter's list of known
  /// deviations, so the list is pinned.
  @Test func catalog_keepsSpecIDsStable() {
    let ids = ImageDataCacheSpec.catalog.map(\.id)

    #expect(
      ids == [
        "retrieve_deliversNilForUnknownURL",
        "retrieve_twiceDeliversTheSameData",
        "insert_deliversInsertedData",
        "insert_keepsEmptyDataAsEmptyData",
        "insert_overridesPreviousData",
        "insert_shorterDataLeavesNothingOfTheLonger",
        "remove_leavesTheURLWithoutData",
        "remove_succeedsForURLWithoutData",
        "urls_insertLeavesOtherURLsUnaffected",
        "urls_removeLeavesOtherURLsUnaffected",
        "urls_differingInAnyCharacterAreDistinct",
        "urls_relativeURLSharesTheDataOfItsAbsoluteForm",
        "isolation_cachesFromTwoMakeCacheCallsShareNothing",
        "roundTrip_keepsEveryByteValue",
        "roundTrip_keepsDataOfSizesBesidePowersOfTwo",
        "concurrency_concurrentInsertsAndRetrievesNeverMixData",
        "model_randomOperationsMatchTheContract",
        "failure_insertThrowsWhenStorageFails",
        "failure_removeThrowsWhenStorageFails",
        "failure_retrieveNeverDeliversNilForDataItCannotRead",
        "failure_failedInsertChangesNothing",
        "failure_failedRemoveChangesNothing",
        "failure_errorNamesTheURL",
        "persistence_secondInstanceSeesInserts",
        "persistence_secondInstanceSeesRemoval",
        "persistence_latestInsertThroughEitherInstanceWins",
        "concurrency_instancesOverOneStorageNeverMixData",
      ])
  }

  @Test func capabilities_areListedInTheOrderOfTheirSpecs() {
    let order = ImageDataCacheSpec.catalog.map(\.capability).reduce(
      into: [ImageDataCacheCapability]()
    ) {
      if $0.last != $1 { $0.append($1) }
    }

    #expect(order == ImageDataCacheCapability.all)
  }
}

/// A factory with the root capability only.
private struct CoreOnlyFactory: ImageDataCacheFactory {
  func makeCache() -> JournalImageDataCache {
    JournalImageDataCache(journal: Journal(), misbehavior: nil)
  }
}
