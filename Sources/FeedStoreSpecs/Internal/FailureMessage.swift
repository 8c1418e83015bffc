import FeedCache
import Foundation

/// The one-line texts of the specs' failures: what was expected and the first difference.
enum FailureMessage {
  /// Text longer than this is shortened, with its length, in a message.
  static let longTextLimit = 40

  /// Names a cache: its image count and its exact timestamp.
  static func describe(_ cache: CachedFeed?) -> String {
    guard let cache else { return "nil (nothing cached)" }
    return "\(images(cache.feed.count)) cached at \(describe(cache.timestamp))"
  }

  /// Says how `actual` differs from `expected`, at the first difference: the timestamp with both
  /// bit patterns, the image count, or the first differing image and field with both values.
  ///
  /// - Returns: `nil` when the caches are equal.
  static func difference(between expected: CachedFeed?, and actual: CachedFeed?) -> String? {
    guard expected != actual else { return nil }
    guard let expected, let actual else { return "it delivered \(describe(actual))" }
    if expected.timestamp != actual.timestamp {
      let (wanted, got) = (expected.timestamp, actual.timestamp)
      return
        "its timestamp was \(describe(got)) (bits \(bits(of: got)), expected \(bits(of: wanted)))"
    }
    let firstDifference = zip(expected.feed, actual.feed).enumerated().first { $1.0 != $1.1 }
    if expected.feed.count != actual.feed.count {
      let count = "it delivered \(images(actual.feed.count))"
      guard let (index, (wanted, got)) = firstDifference else {
        return "\(count), the first \(min(expected.feed.count, actual.feed.count)) as expected"
      }
      return "\(count), and image \(index) differs first: \(difference(between: wanted, and: got))"
    }
    guard let (index, (wanted, got)) = firstDifference else { return nil }
    return
      "image \(index) of \(expected.feed.count) differs: \(difference(between: wanted, and: got))"
  }

  private static func difference(between expected: LocalFeedImage, and actual: LocalFeedImage)
    -> String
  {
    if expected.id != actual.id {
      return "id \(expected.id.uuidString) became \(actual.id.uuidString)"
    }
    if expected.description != actual.description {
      return difference(in: "description", between: expected.description, and: actual.description)
    }
    if expected.location != actual.location {
      return difference(in: "location", between: expected.location, and: actual.location)
    }
    return "url \(quoted(expected.url.absoluteString)) became \(quoted(actual.url.absoluteString))"
      + (expected.url.absoluteString == actual.url.absoluteString
        ? " (relative to another base)" : "")
  }

  /// Names a text field's two values, and where they part when either is shortened.
  private static func difference(in field: String, between expected: String?, and actual: String?)
    -> String
  {
    let change = "\(field) \(quoted(expected)) became \(quoted(actual))"
    guard let expected, let actual, max(expected.count, actual.count) > longTextLimit else {
      return change
    }
    let commonPrefix = zip(expected, actual).prefix { $0 == $1 }.count
    return "\(change), first differing at character \(commonPrefix)"
  }

  /// Quotes `text` as Swift would, shortened with its length when it is long.
  static func quoted(_ text: String?) -> String {
    guard let text else { return "nil" }
    guard text.count > longTextLimit else { return text.debugDescription }
    return "\(String(text.prefix(longTextLimit)).debugDescription)… (\(text.count) characters)"
  }

  private static func images(_ count: Int) -> String {
    count == 1 ? "1 image" : "\(count) images"
  }

  private static func describe(_ date: Date) -> String {
    "\(date.timeIntervalSinceReferenceDate)s after 2001-01-01"
  }

  private static func bits(of date: Date) -> String {
    let hex = String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
