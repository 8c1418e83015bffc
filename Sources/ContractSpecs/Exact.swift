import Foundation

/// Exact comparisons that say, in a line, where two values first differ: what a spec needs when
/// its contract promises values back exactly.
///
/// `==` is not exact enough for that: `String ==` is Unicode canonical equivalence, so `"é"`
/// equals `"e\u{301}"` and an implementation that normalizes text would pass; `Double ==` makes `-0.0`
/// equal `0.0` and NaN unequal to itself. These compare text by Unicode scalars, bytes by bytes
/// and numbers by their bits, and quote long text only around the difference:
///
/// ```swift
/// if let difference = Exact.difference(from: inserted.caption, to: retrieved.caption) {
///   SpecRun.recordFailure("Expected the caption back exactly, but \(difference)")
/// }
/// ```
public enum Exact {
  /// Text longer than this many Unicode scalars is quoted as an excerpt around the difference.
  static let excerptLength = 40

  /// How `actual` differs from `expected`, scalar for scalar.
  ///
  /// - Parameters:
  ///   - expected: The text that was expected, or `nil`.
  ///   - actual: The text that came back, or `nil`.
  /// - Returns: `nil` when both are the same scalars (or both `nil`); otherwise both quoted around
  ///   their first differing scalar, and which scalars those are: `"é" became "é", first
  ///   differing at scalar 0 (U+00E9 became U+0065)`.
  public static func difference(from expected: String?, to actual: String?) -> String? {
    switch (expected, actual) {
    case (nil, nil):
      return nil
    case (let expected?, let actual?):
      return isSame(expected, actual) ? nil : change(from: expected, to: actual)
    default:
      return "\(quoted(expected)) became \(quoted(actual))"
    }
  }

  /// How `actual` differs from `expected`, byte for byte.
  ///
  /// - Returns: `nil` when they are the same bytes; otherwise the sizes and the first byte that
  ///   differs: `12 bytes became 11, first differing at byte 3 (0x41 became 0x42)`, or `12 bytes,
  ///   first differing at byte 3 (0x41 became 0x42)` when the sizes are the same.
  public static func difference(from expected: Data, to actual: Data) -> String? {
    guard let index = firstDifference(between: expected, and: actual) else { return nil }
    func byte(_ data: Data) -> String {
      index < data.count ? "0x" + hex(UInt64(data[data.startIndex + index]), digits: 2) : "the end"
    }
    let sizes =
      expected.count == actual.count
      ? bytes(expected.count) : "\(bytes(expected.count)) became \(actual.count)"
    return "\(sizes), first differing at byte \(index) (\(byte(expected)) became \(byte(actual)))"
  }

  /// How `actual` differs from `expected`, byte for byte, where `nil` means no data at all.
  ///
  /// - Returns: `nil` when both are `nil` or the same bytes; otherwise how they differ.
  public static func difference(from expected: Data?, to actual: Data?) -> String? {
    switch (expected, actual) {
    case (nil, nil): return nil
    case (let expected?, let actual?): return difference(from: expected, to: actual)
    case (let expected?, nil): return "\(bytes(expected.count)) became nil"
    case (nil, let actual?): return "nil became \(bytes(actual.count))"
    }
  }

  private static func bytes(_ count: Int) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
  }

  /// The index of the first byte where `first` and `second` differ, or where the shorter ends.
  ///
  /// It is `nil` when they are the same bytes. It compares whole pages with `memcmp` before
  /// bytes, so a megabyte takes microseconds in a debug build.
  private static func firstDifference(between first: Data, and second: Data) -> Int? {
    first.withUnsafeBytes { first in
      second.withUnsafeBytes { second in
        let common = min(first.count, second.count)
        var start = 0
        while start < common {
          let length = min(4_096, common - start)
          if let base = first.baseAddress, let other = second.baseAddress,
            memcmp(base + start, other + start, length) != 0
          {
            return (start..<(start + length)).first { first[$0] != second[$0] }
          }
          start += length
        }
        return first.count == second.count ? nil : common
      }
    }
  }

  /// How `actual` differs from `expected`, bit for bit: `-0.0` is not `0.0`, and NaN is NaN.
  ///
  /// - Returns: `nil` when they have the same bits; otherwise both values and bit patterns.
  public static func difference(from expected: Double, to actual: Double) -> String? {
    guard expected.bitPattern != actual.bitPattern else { return nil }
    return "\(actual) (bits \(hex(actual.bitPattern))) where \(expected) (bits "
      + "\(hex(expected.bitPattern))) was expected"
  }

  /// Whether two texts have the same Unicode scalars, compared as UTF-8 bytes: `String ==`
  /// calls canonically equivalent texts equal, and comparing scalar by scalar takes long for a
  /// megabyte in a debug build.
  public static func isSame(_ first: String, _ second: String) -> Bool {
    var (first, second) = (first, second)
    return first.withUTF8 { first in
      second.withUTF8 { second in
        guard first.count == second.count else { return false }
        guard let start = first.baseAddress, let other = second.baseAddress else { return true }
        return memcmp(start, other, first.count) == 0
      }
    }
  }

  /// `text` quoted as Swift would write it, or `nil`; a long text is quoted from its start, with
  /// its length.
  public static func quoted(_ text: String?) -> String {
    guard let text else { return "nil" }
    return quoted(Array(text.unicodeScalars), from: 0)
  }

  /// `text` quoted as Swift would write it; a long text is quoted around where it first differs
  /// from `other`, with its length.
  public static func quoted(_ text: String, comparedWith other: String) -> String {
    let (scalars, others) = (Array(text.unicodeScalars), Array(other.unicodeScalars))
    let index = zip(scalars, others).prefix { $0 == $1 }.count
    return quoted(
      scalars, from: excerptStart(around: index, length: max(scalars.count, others.count)))
  }

  /// `value` in hexadecimal, upper case, padded to `digits`; 16 digits get a `0x` prefix.
  public static func hex(_ value: UInt64, digits: Int = 16) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return (digits == 16 ? "0x" : "") + String(repeating: "0", count: max(0, digits - hex.count))
      + hex
  }

  /// Two texts that differ, each quoted around their first differing scalar, and which scalars
  /// those are: two texts can print alike and still differ.
  private static func change(from expected: String, to actual: String) -> String {
    let (wanted, got) = (Array(expected.unicodeScalars), Array(actual.unicodeScalars))
    let index = zip(wanted, got).prefix { $0 == $1 }.count
    func scalar(_ scalars: [Unicode.Scalar]) -> String {
      index < scalars.count ? "U+" + hex(UInt64(scalars[index].value), digits: 4) : "the end"
    }
    let start = excerptStart(around: index, length: max(wanted.count, got.count))
    return "\(quoted(wanted, from: start)) became \(quoted(got, from: start)), first differing "
      + "at scalar \(index) (\(scalar(wanted)) became \(scalar(got)))"
  }

  /// Where an excerpt of ``excerptLength`` scalars starts so that it shows scalar `index` of
  /// texts up to `length` scalars long, with some of what comes before it.
  static func excerptStart(around index: Int, length: Int) -> Int {
    max(0, min(index - excerptLength / 2, length - excerptLength))
  }

  /// Quotes `scalars` as Swift would; more than ``excerptLength`` of them are shown as the
  /// excerpt that begins at `start`, marked `…` where it is cut, with the text's length.
  private static func quoted(_ scalars: [Unicode.Scalar], from start: Int) -> String {
    guard scalars.count > excerptLength else { return text(scalars[...]).debugDescription }
    let start = min(start, scalars.count)
    let end = min(start + excerptLength, scalars.count)
    return (start > 0 ? "…" : "") + text(scalars[start..<end]).debugDescription
      + (end < scalars.count ? "…" : "") + " (\(scalars.count) scalars)"
  }

  private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }
}
