import ContractSpecs
import ImageDataCacheSpecs
import Testing

/// Pins the exact text of the failures a reader meets most, so that a change to a message is a
/// change someone chose.
@Suite struct ImageDataCacheSpecFailureMessageTests {
  @Test func dataMismatch_namesBothSizesAndTheFirstDifferingByte() async throws {
    try await expectSpec(
      "insert_deliversInsertedData", on: .dropsTheLastByte,
      toReport: [
        "Expected retrieve of \"https://images.example.com/1.png\" after an insert to deliver 12 "
          + "bytes, but 12 bytes became 11, first differing at byte 11 (0x5A became the end)"
      ])
  }

  @Test func dataWhereNoneWasExpected_saysWhatWasDelivered() async throws {
    try await expectSpec(
      "retrieve_deliversNilForUnknownURL", on: .deliversEmptyDataForUnknownURL,
      toReport: [
        "Expected retrieve of \"https://images.example.com/1.png\" from a new cache to deliver "
          + "nil (no data), but it delivered 0 bytes (empty data)"
      ])
  }

  @Test func unexpectedThrow_namesTheOperationAndTheError() async throws {
    try await expectSpec(
      "remove_succeedsForURLWithoutData", on: .throwsWhenRemovingAbsentURL,
      toReport: [
        "Expected remove of \"https://images.example.com/1.png\" from a new cache to succeed, but "
          + "it threw: Could not remove the data of https://images.example.com/1.png: it holds "
          + "no data",
        "Expected second remove of \"https://images.example.com/1.png\" to succeed, but it "
          + "threw: Could not remove the data of https://images.example.com/1.png: it holds no "
          + "data",
      ])
  }

  @Test func unexpectedSuccess_namesTheOperation() async throws {
    try await expectSpec(
      "failure_insertThrowsWhenStorageFails", on: .ignoresInsertFailure,
      toReport: [
        "Expected insert for \"https://images.example.com/1.png\" while the storage fails to "
          + "throw, but it succeeded",
        "Expected insert for \"https://images.example.com/2.png\" while the storage fails to "
          + "throw, but it succeeded",
      ])
  }

  @Test func recommendation_quotesTheErrorThatLacksTheURL() async throws {
    try await expectSpec(
      "failure_errorNamesTheURL", on: .throwsErrorsWithoutTheURL,
      toReport: [
        "Expected the error of insert for \"https://images.example.com/1.png\" while the storage "
          + "fails to name the URL, but it said: the journal refuses every access",
        "Expected the error of remove for \"https://images.example.com/1.png\" while the storage "
          + "fails to name the URL, but it said: the journal refuses every access",
      ])
  }

  /// The seed comes from the spec's id in the quick profile, so the sequence, its shrinking and
  /// the printed code are the same on every run; no failure is kept from an earlier one.
  @Test(.specProfile(.quick), .failureDirectory(nil))
  func modelFailure_printsTheShortestFailingSequenceAsCode() async throws {
    try await expectSpec(
      "model_randomOperationsMatchTheContract", on: .evictsTheOldestBeyondThreeURLs,
      toReport: [
        """
        The model-based check found operations that break the ImageDataCache contract. Seed \
        14229655595083722224, sequence 15 (replay with IMAGECACHE_SPEC_SEED=14229655595083722224); \
        244 steps of the 15 sequences since the storage was new, shrunk to 5 that fail on a new \
        cache:
          try await model.replay([
            .perform(.insert(payload: 0, url: 1), on: 1),
            .perform(.insert(payload: 0, url: 3), on: 1),
            .perform(.insert(payload: 0, url: 2), on: 1),
            .perform(.insert(payload: 0, url: 4), on: 1),
            .perform(.retrieve(url: 1), on: 1),  // ✗ expected 0 bytes, but it delivered nil (no data)
          ])
        """
      ])
  }

  private func expectSpec(
    _ id: String, on misbehavior: Misbehavior, toReport messages: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let spec = try #require(ImageDataCacheSpec.named(id), sourceLocation: sourceLocation)
    let factory = JournalImageDataCacheFactory(misbehavior: misbehavior)

    let failures = try await collectIssues { try await spec.verify(factory) }

    #expect(
      failures.map { $0.comments.map(\.rawValue).joined() } == messages,
      sourceLocation: sourceLocation)
  }
}
