import ContractSpecs
import Foundation
import Testing

/// Pins how exact comparisons say a difference.
@Suite struct ExactTests {
  @Test func text_thatLooksAlike_differsByItsScalars() {
    let difference = Exact.difference(from: "\u{E9}", to: "e\u{301}")

    #expect(
      difference
        == "\"é\" became \"é\", first differing at scalar 0 (U+00E9 became U+0065)")
  }

  @Test func text_isTheSameWhenItsScalarsAre() {
    #expect(Exact.difference(from: "same", to: "same") == nil)
    #expect(Exact.difference(from: nil as String?, to: nil) == nil)
    #expect(Exact.difference(from: "", to: nil as String?) == "\"\" became nil")
  }

  @Test func longText_isQuotedAroundTheDifference() {
    let expected = String(repeating: "a", count: 100) + "b" + String(repeating: "c", count: 100)
    let actual = String(repeating: "a", count: 100) + "x" + String(repeating: "c", count: 100)

    let difference = Exact.difference(from: expected, to: actual)

    #expect(
      difference
        == "…\"aaaaaaaaaaaaaaaaaaaabccccccccccccccccccc\"… (201 scalars) became "
        + "…\"aaaaaaaaaaaaaaaaaaaaxccccccccccccccccccc\"… (201 scalars), first differing at scalar "
        + "100 (U+0062 became U+0078)")
  }

  @Test func bytes_differAtTheFirstByteThatDiffers() {
    let difference = Exact.difference(from: Data([1, 2, 3]), to: Data([1, 9]))

    #expect(difference == "3 bytes became 2, first differing at byte 1 (0x02 became 0x09)")
  }

  @Test func numbers_differByTheirBits() {
    #expect(Exact.difference(from: 0.0, to: 0.0) == nil)
    #expect(Exact.difference(from: Double.nan, to: Double.nan) == nil)
    #expect(
      Exact.difference(from: 0.0, to: -0.0)
        == "-0.0 (bits 0x8000000000000000) where 0.0 (bits 0x0000000000000000) was expected")
  }
}

extension ExactTests {
  @Test func bytesOfTheSameSize_sayTheSizeOnce() {
    let difference = Exact.difference(from: Data([1, 2, 3]), to: Data([1, 2, 4]))

    #expect(difference == "3 bytes, first differing at byte 2 (0x03 became 0x04)")
  }

  @Test func bytesAgainstNothing_sayWhichSideIsNil() {
    #expect(Exact.difference(from: Data([1]), to: nil) == "1 byte became nil")
    #expect(Exact.difference(from: nil, to: Data()) == "nil became 0 bytes")
    #expect(Exact.difference(from: nil as Data?, to: nil) == nil)
  }

  @Test func largeBytes_differAtTheByteAfterManyEqualPages() {
    var changed = Data(repeating: 7, count: 1 << 20)
    let expected = changed
    changed[1_000_000] = 8

    let difference = Exact.difference(from: expected, to: changed)

    #expect(difference == "1048576 bytes, first differing at byte 1000000 (0x07 became 0x08)")
  }
}

/// Pins how the exact walk over any value says an enumeration's and a long value's difference.
@Suite struct ExactValueTests {
  enum Output: CustomStringConvertible {
    case offset(Int)
    case missing

    var description: String {
      switch self {
      case .offset(let offset): "offset \(offset)"
      case .missing: "missing"
      }
    }
  }

  @Test func sameCaseWithACustomDescription_comparesItsAssociatedValue() {
    let difference = Exact.difference(between: Output.offset(0), and: .offset(1))

    #expect(difference == ".offset: 0 became 1")
  }

  @Test func otherCase_isQuotedAsItPrints() {
    let difference = Exact.difference(between: Output.offset(0), and: .missing)

    #expect(difference == "offset 0 became missing")
  }

  @Test func longValuesThatDifferAsAWhole_areQuotedAroundTheirFirstDifference() {
    struct Opaque: Hashable, CustomStringConvertible {
      let text: String
      var description: String { text }
    }
    let expected = Opaque(text: String(repeating: "a", count: 60) + "b")
    let actual = Opaque(text: String(repeating: "a", count: 60) + "c")

    let difference = Exact.difference(between: [expected], and: [actual])

    #expect(
      difference
        == "[0].text: …\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\" (61 scalars) became "
        + "…\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac\" (61 scalars), first differing at scalar 60 "
        + "(U+0062 became U+0063)")
  }

  @Test func longCasesWithoutParts_areQuotedAroundTheirFirstDifference() {
    enum Long: CustomStringConvertible {
      case first, second
      var description: String { String(repeating: "x", count: 50) + (self == .first ? "1" : "2") }
    }

    let difference = Exact.difference(between: Long.first, and: .second)

    let excerpt = "…" + String(repeating: "x", count: 39)
    #expect(difference == excerpt + "1 became " + excerpt + "2")
  }
}
