import FeedStoreSpecs
import Testing

/// Pins the exact text of each kind of failure, so the README's example can never drift from
/// what a failing spec really says.
@Suite struct FeedStoreSpecFailureMessageTests {
  @Test func dataMismatch_namesTheFirstDifferingImageAndField() async throws {
    try await expectSpec(
      "retrieve_deliversEveryFieldExactly", on: .storesEmptyDescriptionAsNil,
      toReport:
        "Expected retrieve after inserting awkward values to deliver 6 images cached at "
        + "0.123456789s after 2001-01-01, but image 1 of 6 differs: description \"\" became nil")
  }

  @Test func timestampMismatch_showsBothBitPatterns() async throws {
    try await expectSpec(
      "retrieve_deliversInsertedCache", on: .dropsSubSecondTimestampPrecision,
      toReport:
        "Expected retrieve after an insert to deliver 3 images cached at 786297600.1234568s "
        + "after 2001-01-01, but its timestamp was 786297600.0s after 2001-01-01 "
        + "(bits 0x41C76EF980000000, expected 0x41C76EF9800FCD6F)")
  }

  @Test func countMismatch_namesBothCounts() async throws {
    try await expectSpec(
      "retrieve_deliversEveryFieldExactly", on: .storesDuplicateImagesOnce,
      toReport:
        "Expected retrieve after inserting awkward values to deliver 6 images cached at "
        + "0.123456789s after 2001-01-01, but it delivered 5 images, and image 3 differs first: "
        + "id 00000000-0000-0000-0000-000000000001 became 7C2D30AE-B5E3-4192-BF2C-21304F5E6D7C")
  }

  @Test func nilMismatch_namesWhatWasDelivered() async throws {
    try await expectSpec(
      "retrieve_deliversNilOnEmptyStore", on: .deliversEmptyCacheWhenNothingCached,
      toReport:
        "Expected retrieve on an empty store to deliver nil (nothing cached), but it delivered "
        + "0 images cached at -63114076800.0s after 2001-01-01")
  }

  @Test func unexpectedSuccess_namesTheOperation() async throws {
    try await expectSpec(
      "insert_deliversErrorOnFailure", on: .ignoresInsertionFailure,
      toReport:
        "Expected insert into a broken store to throw, but it succeeded")
  }

  @Test func unexpectedThrow_namesTheOperationAndTheError() async throws {
    try await expectSpec(
      "insert_succeedsOnEmptyStore", on: .throwsOnInsertIntoEmptyStore,
      toReport:
        "Expected insert into an empty store to succeed, but it threw: InjectedFault()")
  }

  @Test func nonNilMismatch_saysNothingWasCached() async throws {
    try await expectSpec(
      "persistence_secondInstanceSeesInsertion", on: .doesNotShareStorage,
      toReport:
        "Expected retrieve from a second instance after the first inserted to deliver 3 images "
        + "cached at 786297600.1234568s after 2001-01-01, but it delivered nil (nothing cached)")
  }

  @Test func longText_isQuotedAroundItsFirstDifferenceWithItsLength() async throws {
    try await expectSpec(
      "retrieve_deliversEveryFieldExactly", on: .trimsWhitespaceFromText,
      toReport:
        "Expected retrieve after inserting awkward values to deliver 6 images cached at "
        + "0.123456789s after 2001-01-01, but image 5 of 6 differs: description "
        + "…\"ption long description long description \" (10200 scalars) became "
        + "…\"ption long description long description\" (10199 scalars), first differing at "
        + "scalar 10199 (U+0020 became the end)")
  }

  @Test func inexactTimestamp_showsNaNAndBothBitPatterns() async throws {
    try await expectSpec(
      "roundTrip_refusesOrKeepsValuesItCannotRepresent", on: .storesNaNTimestampAsZero,
      toReport:
        "Expected retrieve after the store accepted a NaN timestamp (what it accepts it must "
        + "deliver exactly) to deliver 1 image cached at NaN seconds from 2001-01-01, but its "
        + "timestamp was 0.0s after 2001-01-01 (bits 0x0000000000000000, expected "
        + "0x7FF8000000000000)")
  }

  /// Runs the spec called `id` on a store with `misbehavior`, expecting exactly one failure,
  /// which says `message`.
  private func expectSpec(
    _ id: String, on misbehavior: Misbehavior, toReport message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let spec = try #require(FeedStoreSpec.named(id))
    let factory = MisbehavingFeedStoreFactory(misbehavior: misbehavior)

    let failures = try await collectIssues { try await spec.verify(factory) }

    #expect(
      failures.map { $0.comments.map(\.rawValue) } == [[message]], sourceLocation: sourceLocation)
  }
}
