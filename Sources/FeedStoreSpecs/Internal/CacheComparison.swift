import FeedCache
import Foundation

/// The one comparison every spec uses: caches compared exactly, as the `FeedStore` contract
/// promises, and each difference said in a line that shows it.
///
/// Exactly means more than `==`: a timestamp by its bits (`Date ==` compares `Double`s, so
/// `-0.0 == 0.0` and NaN never equals itself), text by its Unicode scalars (`String ==` is
/// canonical equivalence, so a store that normalizes text would pass), and a URL by the contract's
/// rule, ``isKept(_:as:)``.
enum CacheComparison {
  /// Text longer than this many Unicode scalars is shown as an excerpt around the difference.
  static let excerptLength = 40

  /// Says how `actual` differs from `expected`, at the first difference: the timestamp with both
  /// bit patterns, the image count, or the first differing image and field with both values.
  ///
  /// - Returns: `nil` when `actual` is `expected`, exactly.
  static func difference(between expected: CachedFeed?, and actual: CachedFeed?) -> String? {
    guard let expected, let actual else {
      return expected == nil && actual == nil ? nil : "it delivered \(describe(actual))"
    }
    let (wanted, got) = (expected.timestamp.bits, actual.timestamp.bits)
    if wanted != got {
      return "its timestamp was \(describe(actual.timestamp)) "
        + "(bits \(hex(got)), expected \(hex(wanted)))"
    }
    let firstDifference = zip(expected.feed, actual.feed).enumerated().lazy
      .compactMap { index, pair in difference(between: pair.0, and: pair.1).map { (index, $0) } }
      .first
    if expected.feed.count != actual.feed.count {
      let count = "it delivered \(images(actual.feed.count))"
      guard let (index, difference) = firstDifference else {
        return "\(count), the first \(min(expected.feed.count, actual.feed.count)) as expected"
      }
      return "\(count), and image \(index) differs first: \(difference)"
    }
    guard let (index, difference) = firstDifference else { return nil }
    return "image \(index) of \(expected.feed.count) differs: \(difference)"
  }

  /// Whether `retrieved` keeps `inserted` as the contract says: the same URL (the same relative
  /// part and base, text for text), or, for a URL relative to a base, the absolute URL it resolves
  /// to, `URL(string: inserted.absoluteString)`.
  static func isKept(_ inserted: URL, as retrieved: URL) -> Bool {
    guard sameScalars(inserted.absoluteString, retrieved.absoluteString) else { return false }
    guard let retrievedBase = retrieved.baseURL else { return true }
    guard let insertedBase = inserted.baseURL else { return false }
    return sameScalars(inserted.relativeString, retrieved.relativeString)
      && sameScalars(insertedBase.absoluteString, retrievedBase.absoluteString)
  }

  /// Names a cache: its image count and its timestamp, written so that `-0.0` and NaN show.
  static func describe(_ cache: CachedFeed?) -> String {
    guard let cache else { return "nil (nothing cached)" }
    return "\(images(cache.feed.count)) cached at \(describe(cache.timestamp))"
  }

  private static func difference(between expected: LocalFeedImage, and actual: LocalFeedImage)
    -> String?
  {
    if expected.id != actual.id {
      return "id \(expected.id.uuidString) became \(actual.id.uuidString)"
    }
    if let difference = difference(in: "description", expected.description, actual.description) {
      return difference
    }
    if let difference = difference(in: "location", expected.location, actual.location) {
      return difference
    }
    guard !isKept(expected.url, as: actual.url) else { return nil }
    let (wanted, got) = (expected.url.absoluteString, actual.url.absoluteString)
    guard sameScalars(wanted, got) else {
      return "url " + change(from: wanted, to: got)
    }
    return "url \(relativeForm(of: expected.url, comparedWith: actual.url)) became "
      + relativeForm(of: actual.url, comparedWith: expected.url)
  }

  private static func difference(in field: String, _ expected: String?, _ actual: String?)
    -> String?
  {
    switch (expected, actual) {
    case (nil, nil):
      return nil
    case (let expected?, let actual?):
      return sameScalars(expected, actual) ? nil : "\(field) " + change(from: expected, to: actual)
    default:
      return "\(field) \(quoted(expected)) became \(quoted(actual))"
    }
  }

  /// Two texts that differ, each quoted around their first differing scalar, and which scalars
  /// those are: two texts can print alike (`"é"` and `"e\u{301}"`) and still differ.
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

  /// A URL as its relative part and base, each quoted around where it parts from `other`'s.
  private static func relativeForm(of url: URL, comparedWith other: URL) -> String {
    let relative = quoted(url.relativeString, comparedWith: other.relativeString)
    guard let base = url.baseURL?.absoluteString else { return "\(relative) without a base" }
    return "\(relative) relative to "
      + quoted(base, comparedWith: other.baseURL?.absoluteString ?? "")
  }

  /// Quotes `text` as Swift would; a long text is shown around where it first differs from
  /// `other`, with its length.
  private static func quoted(_ text: String, comparedWith other: String) -> String {
    let (scalars, others) = (Array(text.unicodeScalars), Array(other.unicodeScalars))
    let index = zip(scalars, others).prefix { $0 == $1 }.count
    return quoted(
      scalars, from: excerptStart(around: index, length: max(scalars.count, others.count)))
  }

  /// Quotes `text` as Swift would, or `nil`; a long text is shown from its start, with its length.
  static func quoted(_ text: String?) -> String {
    guard let text else { return "nil" }
    return quoted(Array(text.unicodeScalars), from: 0)
  }

  /// Where an excerpt of ``excerptLength`` scalars starts so that it shows scalar `index` of
  /// texts up to `length` scalars long, with some of what comes before it.
  private static func excerptStart(around index: Int, length: Int) -> Int {
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

  /// Whether two texts have the same Unicode scalars, compared as UTF-8 bytes with `memcmp`:
  /// `String ==` calls canonically equivalent texts equal, and comparing scalar by scalar takes
  /// long for 1 MB in a debug build.
  static func sameScalars(_ first: String, _ second: String) -> Bool {
    var (first, second) = (first, second)
    return first.withUTF8 { first in
      second.withUTF8 { second in
        guard first.count == second.count else { return false }
        guard let start = first.baseAddress, let other = second.baseAddress else { return true }
        return memcmp(start, other, first.count) == 0
      }
    }
  }

  private static func images(_ count: Int) -> String {
    count == 1 ? "1 image" : "\(count) images"
  }

  private static func describe(_ date: Date) -> String {
    let seconds = date.timeIntervalSinceReferenceDate
    return seconds.isNaN ? "NaN seconds from 2001-01-01" : "\(seconds)s after 2001-01-01"
  }

  static func hex(_ value: UInt64, digits: Int = 16) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return (digits == 16 ? "0x" : "") + String(repeating: "0", count: max(0, digits - hex.count))
      + hex
  }
}

extension Date {
  /// The exact bits of the timestamp, as `Date` keeps it.
  var bits: UInt64 { timeIntervalSinceReferenceDate.bitPattern }
}
