/// One deliberate way to break the `FeedStore` contract, and the spec that must catch it.
enum Misbehavior: String, CaseIterable, Codable, Sendable {
  case deliversEmptyCacheWhenNothingCached
  case cachesEmptyFeedOnFirstRetrieve
  case reversesFeedOrder
  case dropsSubSecondTimestampPrecision
  case storesEmptyDescriptionAsNil
  case storesDuplicateImagesOnce
  case trimsWhitespaceFromText
  case convertsTimestampThroughUnixEpoch
  case deletesCacheOnRetrieve
  case throwsOnInsertIntoEmptyStore
  case throwsOnInsertIntoNonEmptyStore
  case keepsFirstInsertedCache
  case appendsOnInsert
  case treatsEmptyFeedAsNoCache
  case throwsOnDeleteOfEmptyStore
  case cachesEmptyFeedOnDeleteOfEmptyStore
  case throwsOnDeleteOfNonEmptyStore
  case ignoresDelete
  case leavesEmptyFeedOnDelete
  case deliversNilOnRetrievalFailure
  case discardsUnreadableCacheOnRetrievalFailure
  case ignoresInsertionFailure
  case writesBeforeFailingInsert
  case deletesBeforeFailingInsert
  case ignoresDeletionFailure
  case cachesEmptyFeedOnFailedDelete
  case deletesBeforeFailingDelete
  case doesNotShareStorage
  case readsStorageOnlyWhenOpened
  case prefersItsOwnLastWrite
  case normalizesTextToNFC
  case dropsURLFragments
  case keepsOnlyTheRelativePartOfURLs
  case roundsTimestampsToMicroseconds
  case storesImagesWithTheSameIDOnce
  case keepsOnlyTheFirstThousandImages
  case storesNaNTimestampAsZero
  case deletesCacheBeforeRefusingNaNTimestamp
  case writesStorageAcrossSuspensionPoints
  case appliesDeleteAfterTheNextOperation
  case keepsTheFirstFeedItRetrieves
  case publishesInsertsOnlyOnNextWrite
  case failsWhenOpenedTogetherOverNewStorage
  case deletesCacheOnEveryThirdRetrieve
  case dropsLastImageOfFeedsOfMoreThanFiveImages
  case keepsTimestampWhenFeedSizeIsUnchanged
  case ignoresDeleteOfReplacedCache
  case hidesDeletesFromOtherStores
  case throwsOnInsertOfMoreThanThirtyImages
  case ignoresFirstInsertionFailure
  case writesEmptyFeedBeforeFailingInsert
  case deliversCacheOnEveryOtherFailingRetrieve
  case ignoresInsertsOnceItsStorageHasTakenTwelve
  case skipsInsertOfTheImagesItHolds
  case skipsInsertWithTheTimestampItHolds
  case sharesOneCacheBetweenAllStores
  case writesImagesInChunksAndDropsAChunkThatEndsTheFeed
  case decodesTextInPagesOf256Bytes
  case isKeptAliveForever
  // Rewrites one part of a field's grammar (`MisbehavingFeedStore+Grammar.swift`).
  case lowercasesSchemeAndHost
  case dropsUserInformation
  case storesIPv4HostsAsNumbers
  case lowercasesIPv6Literals
  case dropsEmptyPortsAndLeadingZeros
  case uppercasesPercentEscapes
  case removesDotSegments
  case escapesSubDelimitersInQueriesAndFragments
  case addsAnAuthorityToURLsWithoutOne
  case truncatesURLsTo32KB
  case resolvesRelativeURLsByJoiningTexts
  case normalizesLineBreaksToLF
  case cutsTextAtNUL
  case normalizesTextToNFD
  case stripsBidirectionalControls
  case replacesScalarsBeyondTheBasicPlane
  case truncatesTextTo32KB
  case clearsTheLowestFractionBit
  case clampsTimestampsToInt64Nanoseconds
  case flushesSubnormalsAndNegativeZeroToZero
  // Goes wrong only after long use.
  case dropsEveryFiftiethInsert
  case leaksADescriptorPerCall
  case leaksADescriptorPerCallUntilTheProcessRunsOut

  /// The time limit the self-test gives the spec: a store kept alive forever fails only once the
  /// spec has waited for its release, half the limit.
  var operationTimeLimit: Duration? {
    self == .isKeptAliveForever ? .milliseconds(400) : nil
  }

  /// Whether the store leaks a descriptor per call: it runs out only after more calls than the
  /// quick profile makes.
  var leaksDescriptors: Bool {
    self == .leaksADescriptorPerCall || self == .leaksADescriptorPerCallUntilTheProcessRunsOut
  }

  /// The specs that must fail on a store with this misbehavior.
  var caughtBySpecs: [String] {
    switch self {
    case .normalizesTextToNFC: [caughtBySpec, "roundTrip_keepsEveryPartOfUnicodeText"]
    default: [caughtBySpec]
    }
  }

  /// The spec about this misbehavior, which must fail on a store that has it.
  var caughtBySpec: String {
    switch self {
    case .deliversEmptyCacheWhenNothingCached: "retrieve_deliversNilOnEmptyStore"
    case .cachesEmptyFeedOnFirstRetrieve: "retrieve_hasNoSideEffectsOnEmptyStore"
    case .reversesFeedOrder, .dropsSubSecondTimestampPrecision: "retrieve_deliversInsertedCache"
    case .storesEmptyDescriptionAsNil, .storesDuplicateImagesOnce, .trimsWhitespaceFromText,
      .convertsTimestampThroughUnixEpoch:
      "retrieve_deliversEveryFieldExactly"
    case .deletesCacheOnRetrieve: "retrieve_hasNoSideEffectsOnNonEmptyStore"
    case .throwsOnInsertIntoEmptyStore: "insert_succeedsOnEmptyStore"
    case .throwsOnInsertIntoNonEmptyStore: "insert_succeedsOnNonEmptyStore"
    case .keepsFirstInsertedCache, .appendsOnInsert: "insert_overridesPreviouslyInsertedCache"
    case .treatsEmptyFeedAsNoCache: "insert_cachesEmptyFeedAsEmptyCacheNotNil"
    case .throwsOnDeleteOfEmptyStore: "delete_succeedsOnEmptyStore"
    case .cachesEmptyFeedOnDeleteOfEmptyStore: "delete_hasNoSideEffectsOnEmptyStore"
    case .throwsOnDeleteOfNonEmptyStore: "delete_succeedsOnNonEmptyStore"
    case .ignoresDelete, .leavesEmptyFeedOnDelete: "delete_emptiesPreviouslyInsertedCache"
    case .deliversNilOnRetrievalFailure: "retrieve_deliversErrorOnFailure"
    case .discardsUnreadableCacheOnRetrievalFailure: "retrieve_hasNoSideEffectsOnFailure"
    case .ignoresInsertionFailure: "insert_deliversErrorOnFailure"
    case .writesBeforeFailingInsert: "insert_hasNoSideEffectsOnEmptyStoreOnFailure"
    case .deletesBeforeFailingInsert: "insert_keepsPreviousCacheOnFailure"
    case .ignoresDeletionFailure: "delete_deliversErrorOnFailure"
    case .cachesEmptyFeedOnFailedDelete: "delete_hasNoSideEffectsOnEmptyStoreOnFailure"
    case .deletesBeforeFailingDelete: "delete_keepsPreviousCacheOnFailure"
    case .doesNotShareStorage: "persistence_secondInstanceSeesInsertion"
    case .readsStorageOnlyWhenOpened: "persistence_secondInstanceSeesDeletion"
    case .prefersItsOwnLastWrite: "persistence_laterInsertFromEitherInstanceWins"
    case .normalizesTextToNFC: "roundTrip_keepsUnicodeTextExactly"
    case .dropsURLFragments: "roundTrip_keepsURLsExactly"
    case .keepsOnlyTheRelativePartOfURLs: "roundTrip_keepsRelativeURLsAsGivenOrAbsolute"
    case .roundsTimestampsToMicroseconds: "roundTrip_keepsTimestampsToTheBit"
    case .storesImagesWithTheSameIDOnce: "roundTrip_keepsImagesThatShareIDsOrURLs"
    case .keepsOnlyTheFirstThousandImages: "roundTrip_keepsFeedsOfEverySize"
    case .storesNaNTimestampAsZero, .deletesCacheBeforeRefusingNaNTimestamp:
      "roundTrip_refusesOrKeepsValuesItCannotRepresent"
    case .writesStorageAcrossSuspensionPoints:
      "concurrency_concurrentInsertsAndRetrievesNeverMixFeeds"
    case .appliesDeleteAfterTheNextOperation: "concurrency_operationsInSequenceAreObservedInOrder"
    case .keepsTheFirstFeedItRetrieves: "concurrency_twoInstancesOverOneStorageNeverMixFeeds"
    case .publishesInsertsOnlyOnNextWrite:
      "concurrency_operationsInSequenceAreObservedInOrderAcrossInstances"
    case .failsWhenOpenedTogetherOverNewStorage:
      "concurrency_storesOpenedTogetherOverNewStorageAllWork"
    case .skipsInsertOfTheImagesItHolds:
      "insert_sameImagesWithALaterTimestampDeliverTheLaterTimestamp"
    case .skipsInsertWithTheTimestampItHolds:
      "insert_otherImagesWithTheSameTimestampDeliverTheOtherImages"
    case .sharesOneCacheBetweenAllStores: "isolation_storesFromTwoMakeStoreCallsShareNothing"
    case .writesImagesInChunksAndDropsAChunkThatEndsTheFeed:
      "roundTrip_keepsFeedsOfSizesBesidePowersOfTwo"
    case .decodesTextInPagesOf256Bytes: "roundTrip_keepsTextOfLengthsBesidePowersOfTwo"
    case .isKeptAliveForever: "lifetime_releasedStoreIsDeallocated"
    case .lowercasesSchemeAndHost, .dropsUserInformation, .storesIPv4HostsAsNumbers,
      .lowercasesIPv6Literals, .dropsEmptyPortsAndLeadingZeros, .uppercasesPercentEscapes,
      .removesDotSegments, .escapesSubDelimitersInQueriesAndFragments,
      .addsAnAuthorityToURLsWithoutOne, .truncatesURLsTo32KB, .resolvesRelativeURLsByJoiningTexts:
      "roundTrip_keepsEveryPartOfTheURLGrammar"
    case .normalizesLineBreaksToLF, .cutsTextAtNUL, .normalizesTextToNFD,
      .stripsBidirectionalControls, .replacesScalarsBeyondTheBasicPlane, .truncatesTextTo32KB:
      "roundTrip_keepsEveryPartOfUnicodeText"
    case .clearsTheLowestFractionBit, .clampsTimestampsToInt64Nanoseconds,
      .flushesSubnormalsAndNegativeZeroToZero:
      "roundTrip_keepsTimestampsFromTheWholeRangeOfDate"
    case .dropsEveryFiftiethInsert, .leaksADescriptorPerCall,
      .leaksADescriptorPerCallUntilTheProcessRunsOut:
      "model_longUseOfOneStoreMatchesTheContract"
    // One broken store per rule of the model (`FeedStoreModel`), in the order it states them.
    case .deletesCacheOnEveryThirdRetrieve, .dropsLastImageOfFeedsOfMoreThanFiveImages,
      .keepsTimestampWhenFeedSizeIsUnchanged, .ignoresDeleteOfReplacedCache,
      .hidesDeletesFromOtherStores, .throwsOnInsertOfMoreThanThirtyImages,
      .ignoresFirstInsertionFailure, .writesEmptyFeedBeforeFailingInsert,
      .deliversCacheOnEveryOtherFailingRetrieve, .ignoresInsertsOnceItsStorageHasTakenTwelve:
      "model_randomOperationsMatchTheContract"
    }
  }
}
