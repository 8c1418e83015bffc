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

  /// The seed comes from the spec's id in the quick profile, so the sequence, its reduction and
  /// the printed code are the same on every run.
  @Test(.specProfile(.quick))
  func modelFailure_printsTheShortestFailingSequenceAsCode() async throws {
    try await expectSpec(
      "model_randomOperationsMatchTheContract", on: .evictsTheOldestBeyondThreeURLs,
      toReport: [
        """
        The model-based spec found operations that break the ImageDataCache contract. Seed \
        14229655595083722224, sequence 5 (replay with IMAGECACHE_SPEC_SEED=14229655595083722224); \
        28 steps, shrunk to 5 that fail on a new cache:
        let cache = try await factory.makeCache()
        try await cache.insert(payload(1), for: url(1))  // url(1) now holds payload(1) (3 bytes)
        try await cache.insert(payload(1), for: url(2))  // url(2) now holds payload(1) (3 bytes)
        try await cache.insert(payload(1), for: url(3))  // url(3) now holds payload(1) (3 bytes)
        try await cache.insert(payload(0), for: url(4))  // url(4) now holds payload(0) (empty data)
        _ = try await cache.retrieve(dataFor: url(1))  // ✗ expected payload(1) (3 bytes), but it \
        delivered nil (no data)
        // url(n) is https://images.example.com/n.png; payload(n) is n × 3 bytes of value n, so \
        payload(0) is empty data.
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
