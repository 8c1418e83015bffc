import Foundation

/// Data as hexadecimal lines around where it first differs from other data: what a failure
/// attaches when the data is too long to read in its message.
struct HexExcerpt {
  /// Data longer than this many bytes is attached, not only described.
  static let shortLength = 32
  /// How many bytes an excerpt shows before the first difference; it shows as many after it.
  static let context = 256

  let text: String

  /// The excerpt of `data` around its first difference from `other`.
  init(of data: Data, comparedWith other: Data) {
    let bytes = [UInt8](data)
    let first = zip(bytes, other).prefix { $0 == $1 }.count
    let start = max(0, first - Self.context) / 16 * 16
    let end = min(bytes.count, first + Self.context)
    var lines = [
      "\(bytes.count) bytes; first difference at byte \(first); bytes \(start)..<\(end) shown"
    ]
    for lineStart in stride(from: start, to: end, by: 16) {
      let row = bytes[lineStart..<min(lineStart + 16, end)]
      let offset = String(lineStart, radix: 16)
      lines.append(
        String(repeating: "0", count: max(0, 8 - offset.count)) + offset + "  "
          + row.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined(separator: " "))
    }
    text = lines.joined(separator: "\n") + "\n"
  }
}
