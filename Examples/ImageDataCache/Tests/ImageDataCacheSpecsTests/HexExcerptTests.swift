import Foundation
import Testing

@testable import ImageDataCacheSpecs

/// The attachment a failure adds for long data: `IssueRecorder` collects issues, not attachments,
/// so the text is checked here.
@Suite struct HexExcerptTests {
  @Test func text_showsShortDataWholeWithTheFirstDifference() {
    let data = Data((0..<40).map { UInt8($0) })
    var other = data
    other[20] = 0xFF

    let text = HexExcerpt(of: data, comparedWith: other).text

    #expect(
      text == """
        40 bytes; first difference at byte 20; bytes 0..<40 shown
        00000000  00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f
        00000010  10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f
        00000020  20 21 22 23 24 25 26 27

        """)
  }

  @Test func text_showsLongDataAroundTheFirstDifferenceOnly() {
    let data = Data(count: 2_000)
    let other = data.prefix(1_000)

    let lines = HexExcerpt(of: data, comparedWith: other).text.split(separator: "\n")

    #expect(lines.first == "2000 bytes; first difference at byte 1000; bytes 736..<1256 shown")
    #expect(lines.dropFirst().first?.hasPrefix("000002e0  00") == true)
    #expect(lines.count == 1 + 33)
  }
}
