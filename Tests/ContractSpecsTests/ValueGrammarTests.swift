import ContractSpecs
import Foundation
import Testing

/// Proves what the grammar generators promise any catalog: URLs that `URL(string:)` reads back
/// unchanged, and values that reach the part they are drawn for.
@Suite struct ValueGrammarTests {
  @Test(arguments: URLGrammar.Part.allCases)
  func url_readsBackUnchangedFromItsAbsoluteString(_ part: URLGrammar.Part) throws {
    var random = makeSUT()

    let urls = try (0..<50).map { _ in
      try URLGrammar.url(reaching: part, longest: 2_048, using: &random)
    }

    let changed = urls.filter {
      URL(string: $0.absoluteString)?.absoluteString != $0.absoluteString
    }
    #expect(changed.isEmpty, "\(changed.prefix(3).map(\.absoluteString))")
  }

  @Test func relativeReference_hasABase() throws {
    var random = makeSUT()

    let url = try URLGrammar.url(reaching: .relativeReference, using: &random)

    #expect(url.baseURL != nil)
  }

  @Test func schemeAndHostCase_mixesTheCaseOfTheScheme() throws {
    var random = makeSUT()

    let url = try URLGrammar.url(reaching: .schemeAndHostCase, using: &random)

    let scheme = try #require(url.scheme)
    #expect(scheme != scheme.lowercased() && scheme != scheme.uppercased())
  }

  @Test func lineBreaks_holdEveryKindOfLineBreak() {
    var random = makeSUT()

    let text = TextGrammar.text(reaching: .lineBreaks, using: &random)

    let scalars = Set(text.unicodeScalars)
    let breaks: [Unicode.Scalar] = [
      "\r", "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
    ]
    #expect(breaks.allSatisfy(scalars.contains) && text.contains("\r\n"))
  }

  @Test func decomposedSequences_changeUnderNFC() {
    var random = makeSUT()

    let text = TextGrammar.text(reaching: .decomposedSequences, using: &random)

    #expect(
      Array(text.precomposedStringWithCanonicalMapping.unicodeScalars) != Array(text.unicodeScalars)
    )
  }

  @Test func longText_staysWithinTheLongestLength() {
    var random = makeSUT()

    let text = TextGrammar.text(reaching: .longText, longest: 4_096, using: &random)

    #expect((3_072...4_096).contains(text.utf8.count))
  }

  @Test func everyFractionBit_setsTheLowestBit() {
    var random = makeSUT()

    let dates = (0..<20).map { _ in DateGrammar.date(reaching: .everyFractionBit, using: &random) }

    #expect(dates.allSatisfy { $0.timeIntervalSinceReferenceDate.bitPattern & 1 == 1 })
  }

  private func makeSUT() -> SeededRandomNumberGenerator {
    SeededRandomNumberGenerator(seed: 41)
  }
}
