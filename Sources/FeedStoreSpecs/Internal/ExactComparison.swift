import FeedCache
import Foundation
import Testing

/// Compares caches more strictly than `==`: timestamps by their bits (`Date ==` compares
/// `Double`s, so `-0.0 == 0.0` and NaN never equals itself) and text by its Unicode scalars
/// (`String ==` is canonical equivalence, so a store that normalizes text would pass).
enum ExactComparison {
  /// Says how `actual` differs from `expected`, at the first difference.
  ///
  /// - Returns: `nil` when both hold the same bits, scalars and URLs.
  static func difference(between expected: CachedFeed?, and actual: CachedFeed?) -> String? {
    guard let expected, let actual else {
      return expected == nil && actual == nil ? nil : "it delivered \(describe(actual))"
    }
    let (wanted, got) = (expected.timestamp.bits, actual.timestamp.bits)
    if wanted != got {
      return
        "its timestamp was \(describe(actual.timestamp)) (bits \(hex(got)), expected \(hex(wanted)))"
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
    let (wanted, got) = (expected.url.absoluteString, actual.url.absoluteString)
    if expected.url != actual.url || !sameBytes(wanted, got) {
      let change = "url \(FailureMessage.quoted(wanted)) became \(FailureMessage.quoted(got))"
      return wanted == got ? "\(change) (relative to another base)" : change + parting(wanted, got)
    }
    return nil
  }

  private static func difference(in field: String, _ expected: String?, _ actual: String?)
    -> String?
  {
    switch (expected, actual) {
    case (nil, nil):
      return nil
    case (let expected?, let actual?) where sameBytes(expected, actual):
      return nil
    default:
      let change =
        "\(field) \(FailureMessage.quoted(expected)) became \(FailureMessage.quoted(actual))"
      guard let expected, let actual else { return change }
      return change + parting(expected, actual)
    }
  }

  /// Whether two feeds are one array, as an in-memory store delivers what it was given: then
  /// they are equal without comparing each image, which keeps busy concurrent readers cheap.
  private static func sharesStorage(_ first: [LocalFeedImage], _ second: [LocalFeedImage])
    -> Bool
  {
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in
        first.baseAddress == second.baseAddress && first.count == second.count
      }
    }
  }

  /// Whether two texts have the same UTF-8 bytes, compared with `memcmp`: `String ==` calls
  /// canonically equivalent texts equal, and comparing scalar by scalar is slow for 1 MB.
  private static func sameBytes(_ first: String, _ second: String) -> Bool {
    var (first, second) = (first, second)
    return first.withUTF8 { first in
      second.withUTF8 { second in
        first.count == second.count
          && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
      }
    }
  }

  /// Where two texts part, by Unicode scalar, with the scalars on each side: two texts can
  /// print alike (`"é"` and `"e\u{301}"`) and still differ.
  private static func parting(_ expected: String, _ actual: String) -> String {
    let (wanted, got) = (Array(expected.unicodeScalars), Array(actual.unicodeScalars))
    let index = zip(wanted, got).prefix { $0 == $1 }.count
    func scalar(_ scalars: [Unicode.Scalar]) -> String {
      index < scalars.count ? "U+" + hex(UInt64(scalars[index].value), digits: 4) : "the end"
    }
    return ", first differing at scalar \(index) (\(scalar(wanted)) became \(scalar(got)))"
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

/// The most images, both caches together, that a failure attaches as JSON.
let attachmentImageLimit = 20_000

/// Retrieves from `store`, recording one focused issue at `sourceLocation` unless it delivers
/// `expected` exactly: the same timestamp bits, the same Unicode scalars, the same URLs.
///
/// - Returns: Whether the store delivered `expected` exactly.
@discardableResult
func expectExactRetrieval(
  from store: any FeedStore,
  toDeliver expected: CachedFeed?,
  _ situation: String,
  sourceLocation: SourceLocation
) async -> Bool {
  let expectation =
    "Expected retrieve \(situation) to deliver \(ExactComparison.describe(expected))"
  let retrieved: CachedFeed?
  do {
    retrieved = try await store.retrieve()
  } catch {
    Issue.record("\(expectation), but it threw: \(error)", sourceLocation: sourceLocation)
    return false
  }
  guard let difference = ExactComparison.difference(between: expected, and: retrieved) else {
    return true
  }
  Issue.record("\(expectation), but \(difference)", sourceLocation: sourceLocation)
  // Encoding a feed of 100,000 images as JSON takes seconds; the message names the difference.
  if (expected?.feed.count ?? 0) + (retrieved?.feed.count ?? 0) <= attachmentImageLimit {
    CacheAttachment.record(
      expected: expected, retrieved: retrieved, sourceLocation: sourceLocation)
  }
  return false
}
