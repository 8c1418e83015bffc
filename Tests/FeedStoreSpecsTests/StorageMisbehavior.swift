import FeedStoreSpecs

/// One deliberate way to lose or damage a user's storage, and the specs that must catch it.
enum StorageMisbehavior: String, CaseIterable, Codable, Sendable {
  case mapsDecodeErrorToNil
  case mapsUnreadableStorageToNil
  case deliversValidPrefixOfTruncatedFile
  case treatsUnknownFormatAsEmpty
  case omitsStorageNameFromErrors
  case rewritesDamagedStorageOnRetrieve
  case insertSucceedsWithoutReplacingDamage
  case insertDeletesStorageItRefuses
  case deleteSucceedsWithoutRemovingDamage
  case deleteRemovesStorageItRefuses
  case readsLeftoverPartialWrite
  case refusesToWriteBesideLeftover
  case writesInPlace
  case deletesOldFileBeforeWritingNew
  case leavesTempFilePerCrash
  case claimsDamageableWithNoRow
  case rewritesStorageWhenOpened
  case throwsWhenOpenedOverDamage
  case deliversNilBesideObstructedSideFile
  case writesThroughLinkAtSideFile
  /// Skips every fiftieth write, counted in a side file, as a store that batches writes and
  /// drops a batch's last one would: right for the first forty-nine inserts.
  case skipsEveryFiftiethWrite
  /// Takes the process down on undecodable storage, as `try!` does: only a spec run in a child
  /// process can report it (see `TrappingStoreTests`), so no spec runs it in this process.
  case trapsOnDamagedStorage

  /// The specs that must fail, in this process, on a store with this misbehavior.
  var caughtBySpecs: [String] {
    let undecodable: [StorageDamage] = [
      .empty, .truncatedHeader, .truncatedMidImage, .truncatedLastByte, .wrongShape,
      .wrongValueTypes, .binaryGarbage, .unrelatedFile,
    ]
    let unreadable = StorageDamage.allCases.filter(\.isUnreadable)
    let replaceable = unreadable.filter { !$0.isForeign }
    let foreign = StorageDamage.allCases.filter(\.isForeign)
    let obstructedSideFile: [StorageDamage] = [.directoryInPlaceOfSideFile, .linkInPlaceOfSideFile]
    func specs(_ check: String, _ rows: [StorageDamage]) -> [String] {
      rows.map { "damagedStorage_\(check)(\($0.rawValue))" }
    }
    switch self {
    case .mapsDecodeErrorToNil:
      return specs("retrieveThrows", undecodable) + specs("retrieveErrorNamesStorage", undecodable)
    case .mapsUnreadableStorageToNil:
      return specs("retrieveThrows", [.directoryInPlace, .unreadable])
    case .deliversValidPrefixOfTruncatedFile: return specs("retrieveThrows", [.truncatedMidImage])
    case .treatsUnknownFormatAsEmpty:
      return specs("retrieveThrows", [.newerFormatVersion, .foreignStorage])
    case .omitsStorageNameFromErrors: return specs("retrieveErrorNamesStorage", unreadable)
    case .rewritesDamagedStorageOnRetrieve:
      return specs("openAndRetrieveLeaveStorageUntouched", unreadable)
    case .insertSucceedsWithoutReplacingDamage:
      return specs("insertReplacesOrLeavesStorageUntouched", replaceable)
    case .insertDeletesStorageItRefuses:
      return specs("insertRefusesAndLeavesStorageUntouched", foreign)
    case .deleteSucceedsWithoutRemovingDamage:
      return specs("deleteRemovesOrLeavesStorageUntouched", replaceable)
    case .deleteRemovesStorageItRefuses:
      return specs("deleteRefusesAndLeavesStorageUntouched", foreign)
    case .readsLeftoverPartialWrite:
      return specs("retrieveDeliversLastCommittedCache", [.leftoverPartialWrite])
    case .refusesToWriteBesideLeftover:
      return specs("insertReplacesCache", [.leftoverPartialWrite])
        + specs("deleteRemovesCache", [.leftoverPartialWrite])
    case .writesInPlace, .deletesOldFileBeforeWritingNew:
      return ["crash_insertLeavesOldOrNewCache"]
    case .leavesTempFilePerCrash:
      return ["crash_nextInsertRemovesStrayItems", "crash_nextDeleteRemovesStrayItems"]
    case .claimsDamageableWithNoRow: return ["damagedStorage_supportsAtLeastOneRow"]
    case .rewritesStorageWhenOpened:
      return specs("openAndRetrieveLeaveStorageUntouched", unreadable + obstructedSideFile)
    case .throwsWhenOpenedOverDamage: return specs("retrieveThrows", unreadable)
    case .deliversNilBesideObstructedSideFile:
      return specs("retrieveDeliversLastCommittedCacheOrThrows", obstructedSideFile)
    case .writesThroughLinkAtSideFile:
      return specs("insertRefusesAndLeavesStorageUntouched", [.linkInPlaceOfSideFile])
        + specs("deleteRefusesAndLeavesStorageUntouched", [.linkInPlaceOfSideFile])
    case .skipsEveryFiftiethWrite: return ["model_longUseOfOneStoreMatchesTheContract"]
    case .trapsOnDamagedStorage: return []
    }
  }
}
