/// One way a journal cache breaks the contract, and the specs that must catch it.
enum Misbehavior: String, CaseIterable, Codable, Sendable {
  case deliversEmptyDataForUnknownURL
  case forgetsDataOnceRetrieved
  case dropsTheLastByte
  case storesEmptyDataAsNothing
  case keepsTheFirstInsert
  case overwritesInPlaceWithoutTruncating
  case storesEmptyDataOnRemove
  case throwsWhenRemovingAbsentURL
  case keysByHost
  case removesEveryURL
  case ignoresCaseInURLs
  case keysByRelativeString
  case sharesOneJournalAcrossCaches
  case storesDataAsUTF8Text
  case keepsSixteenBitLengths
  /// Readers see a piece only when the scheduler runs them between two pieces, so the self-tests
  /// of the concurrency specs depend on scheduling: in 1,200 runs, 600 under the thread
  /// sanitizer, every run caught at least ten torn reads.
  case writesInPiecesAcrossSuspensionPoints
  case evictsTheOldestBeyondThreeURLs
  case ignoresInsertFailure
  case ignoresRemoveFailure
  case deliversNilWhenStorageFails
  case remembersDataItFailedToInsert
  case forgetsDataItFailedToRemove
  case throwsErrorsWithoutTheURL
  case keepsStoragePerInstance
  case remembersWhatItRetrieved
  case servesItsOwnLastInsert
  /// Traps on empty data, as a force unwrap of its first byte would: its self-test runs in a
  /// child process.
  case trapsOnEmptyData

  /// Whether a cache with this misbehavior ends its process.
  var traps: Bool { self == .trapsOnEmptyData }

  /// The specs that fail on a cache with this misbehavior: at least the one about it.
  var caughtBySpecs: [String] {
    switch self {
    case .deliversEmptyDataForUnknownURL: ["retrieve_deliversNilForUnknownURL"]
    case .forgetsDataOnceRetrieved: ["retrieve_twiceDeliversTheSameData"]
    case .dropsTheLastByte: ["insert_deliversInsertedData"]
    case .storesEmptyDataAsNothing: ["insert_keepsEmptyDataAsEmptyData"]
    case .keepsTheFirstInsert: ["insert_overridesPreviousData"]
    case .overwritesInPlaceWithoutTruncating: ["insert_shorterDataLeavesNothingOfTheLonger"]
    case .storesEmptyDataOnRemove: ["remove_leavesTheURLWithoutData"]
    case .throwsWhenRemovingAbsentURL: ["remove_succeedsForURLWithoutData"]
    case .keysByHost: ["urls_insertLeavesOtherURLsUnaffected"]
    case .removesEveryURL: ["urls_removeLeavesOtherURLsUnaffected"]
    case .ignoresCaseInURLs: ["urls_differingInAnyCharacterAreDistinct"]
    case .keysByRelativeString: ["urls_relativeURLSharesTheDataOfItsAbsoluteForm"]
    case .sharesOneJournalAcrossCaches: ["isolation_cachesFromTwoMakeCacheCallsShareNothing"]
    case .storesDataAsUTF8Text: ["roundTrip_keepsEveryByteValue"]
    case .keepsSixteenBitLengths: ["roundTrip_keepsDataOfSizesBesidePowersOfTwo"]
    case .writesInPiecesAcrossSuspensionPoints:
      [
        "concurrency_concurrentInsertsAndRetrievesNeverMixData",
        "concurrency_instancesOverOneStorageNeverMixData",
      ]
    case .evictsTheOldestBeyondThreeURLs: ["model_randomOperationsMatchTheContract"]
    case .ignoresInsertFailure: ["failure_insertThrowsWhenStorageFails"]
    case .ignoresRemoveFailure: ["failure_removeThrowsWhenStorageFails"]
    case .deliversNilWhenStorageFails: ["failure_retrieveNeverDeliversNilForDataItCannotRead"]
    case .remembersDataItFailedToInsert: ["failure_failedInsertChangesNothing"]
    case .forgetsDataItFailedToRemove: ["failure_failedRemoveChangesNothing"]
    case .throwsErrorsWithoutTheURL: ["failure_errorNamesTheURL"]
    case .keepsStoragePerInstance: ["persistence_secondInstanceSeesInserts"]
    case .remembersWhatItRetrieved: ["persistence_secondInstanceSeesRemoval"]
    case .trapsOnEmptyData: ["insert_keepsEmptyDataAsEmptyData"]
    case .servesItsOwnLastInsert:
      [
        "persistence_latestInsertThroughEitherInstanceWins",
        "concurrency_instancesOverOneStorageNeverMixData",
      ]
    }
  }
}
