import ContractSpecs
import Foundation
import Testing

/// Pins the words exact comparisons find for the flaws that make many specs fail at once.
@Suite struct ExactCauseTests {
  @Test func timestamp_inWholeSeconds_losesItsSubSecondPart() {
    let cause = Exact.likelyCause(
      from: Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_789),
      to: Date(timeIntervalSinceReferenceDate: 786_297_600))

    #expect(cause == "loses its sub-second part")
  }

  @Test func timestamp_inMilliseconds_isCutToMilliseconds() {
    let cause = Exact.likelyCause(
      from: Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_789),
      to: Date(timeIntervalSinceReferenceDate: 786_297_600.123))

    #expect(cause == "is cut to milliseconds")
  }

  @Test func list_backwards_comesBackInReverseOrder() {
    #expect(
      Exact.likelyCause(from: ["a", "b", "c"], to: ["c", "b", "a"]) == "come back in reverse order")
  }

  @Test func list_shuffled_comesBackInAnotherOrder() {
    #expect(Exact.likelyCause(from: [1, 2, 3], to: [2, 3, 1]) == "come back in another order")
  }

  @Test func list_cut_losesItsLastElements() {
    #expect(Exact.likelyCause(from: [1, 2, 3], to: [1]) == "lose the last 2")
  }

  @Test func text_precomposed_isNormalizedToNFC() {
    #expect(Exact.likelyCause(from: "e\u{301}", to: "\u{E9}") == "is normalized to NFC")
  }

  @Test func unrelatedChanges_haveNoLikelyCause() {
    #expect(Exact.likelyCause(from: [1, 2, 3], to: [4, 5, 6]) == nil)
    #expect(Exact.likelyCause(from: "cat", to: "dog") == nil)
    #expect(Exact.likelyCause(from: 1.5, to: 1.5) == nil)
  }
}
