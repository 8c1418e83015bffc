import FeedStoreSpecs
import Foundation
import Testing

/// Pins the exact text of each kind of damaged-storage and crash-safety failure, with every
/// UUID (store names, temporary files) written as `UUID`.
@Suite struct StorageSpecFailureMessageTests {
  @Test func retrievalThatDoesNotThrow_namesWhatItDelivered() async throws {
    try await expectSpec(
      "damagedStorage_retrieveThrows(empty)", on: .mapsDecodeErrorToNil,
      toReport: "Expected retrieve on empty storage to throw, but it delivered nil (nothing cached)"
    )
  }

  @Test func errorWithoutTheStorage_quotesTheStorageAndTheError() async throws {
    try await expectSpec(
      "damagedStorage_retrieveErrorNamesStorage(binaryGarbage)", on: .omitsStorageNameFromErrors,
      toReport:
        "Expected the error of retrieve on storage of random bytes to name the storage "
        + "\"feed-UUID.json\", but it said: is not a feed cache this store can decode")
  }

  @Test func changedStorage_namesTheItemAndItsSizes() async throws {
    try await expectSpec(
      "damagedStorage_openAndRetrieveLeaveStorageUntouched(binaryGarbage)",
      on: .rewritesDamagedStorageOnRetrieve,
      toReport:
        "Expected retrieve on storage of random bytes to leave it untouched, but "
        + "\"feed-UUID.json\" disappeared (it had 6 bytes)")
  }

  @Test func refusalThatChangedStorage_namesWhatChanged() async throws {
    try await expectSpec(
      "damagedStorage_insertRefusesAndLeavesStorageUntouched(newerFormatVersion)",
      on: .insertDeletesStorageItRefuses,
      toReport:
        "Expected insert over storage of a newer format version that threw to leave the storage "
        + "untouched, but \"feed-UUID.json\" disappeared (it had 58 bytes)")
  }

  @Test func retrievalBesideASideFileThatDeliversNothing_namesBothCaches() async throws {
    try await expectSpec(
      "damagedStorage_retrieveDeliversLastCommittedCacheOrThrows(directoryInPlaceOfSideFile)",
      on: .deliversNilBesideObstructedSideFile,
      toReport:
        "Expected retrieve on storage beside a directory where its side file belongs to deliver "
        + "10 images cached at 786297600.1234568s after 2001-01-01 or throw, but it delivered nil "
        + "(nothing cached)")
  }

  @Test func writeThroughALinkBesideTheStorage_saysTheChangeSucceeded() async throws {
    try await expectSpec(
      "damagedStorage_insertRefusesAndLeavesStorageUntouched(linkInPlaceOfSideFile)",
      on: .writesThroughLinkAtSideFile,
      toReport:
        "Expected insert over storage beside a symbolic link where its side file belongs to "
        + "throw, as what stands where its side file belongs is not the store's to change, but "
        + "it succeeded")
  }

  @Test func tornCacheAfterACrash_namesTheCrashPointAndHowManyFailed() async throws {
    try await expectSpec(
      "crash_insertLeavesOldOrNewCache", on: .writesInPlace,
      toReport:
        "Expected retrieve after a restart after a crash at write 1 to deliver the old cache "
        + "(3 images cached at 786297600.1234568s after 2001-01-01) or the new one (30 images "
        + "cached at 786297601.1234568s after 2001-01-01), but it threw: The feed cache "
        + "feed-UUID.json is not a feed cache this store can decode (and at 29 more crash points)")
  }

  @Test func strayItemsAfterACrash_listsThem() async throws {
    try await expectSpec(
      "crash_nextInsertRemovesStrayItems", on: .leavesTempFilePerCrash,
      toReport:
        "Expected the next insert after a crash at write 1 to leave nothing beside the storage, "
        + "but found [\".feed-UUID.json.tmp.UUID\"] (and at 30 more crash points)")
  }

  /// Runs the spec called `id` on a disk store with `misbehavior`, expecting exactly one failure,
  /// which says `message` once its UUIDs are replaced.
  private func expectSpec(
    _ id: String, on misbehavior: StorageMisbehavior, toReport message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let spec = try #require(FeedStoreSpec.named(id))
    let factory = DiskFeedStoreFactory(misbehavior: misbehavior)

    let failures = try await collectIssues { try await spec.verify(factory) }

    #expect(
      failures.map { $0.comments.map { withoutUUIDs($0.rawValue) } } == [[message]],
      sourceLocation: sourceLocation)
  }

  private func withoutUUIDs(_ text: String) -> String {
    text.replacing(
      /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/, with: "UUID")
  }
}
