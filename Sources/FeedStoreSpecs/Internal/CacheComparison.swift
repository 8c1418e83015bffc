import ContractSpecs
import FeedCache
import Foundation

/// The one comparison every spec uses: caches compared exactly, as the `FeedStore` contract
/// promises, and each difference said in a line that shows it.
///
/// Exactly means more than `==`: a timestamp by its bits, text by its Unicode scalars (both
/// through the engine's ``Exact``), and a URL by the contract's rule, ``isKept(_:as:)``.
enum CacheComparison {
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
        + "(bits \(Exact.hex(got)), expected \(Exact.hex(wanted)))"
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

  /// What the difference between `expected` and `actual` likely says about the store, in words
  /// about it (`the timestamp loses its sub-second part`), or `nil` when it says nothing general.
  static func likelyCause(between expected: CachedFeed?, and actual: CachedFeed?) -> String? {
    guard let expected, let actual else { return nil }
    if expected.timestamp.bits != actual.timestamp.bits {
      return Exact.likelyCause(from: expected.timestamp, to: actual.timestamp).map {
        "the timestamp \($0)"
      }
    }
    if let cause = Exact.likelyCause(from: expected.feed, to: actual.feed) {
      return "the images \(cause)"
    }
    guard expected.feed.count == actual.feed.count else { return nil }
    let (expectedIDs, actualIDs) = (expected.feed.map(\.id), actual.feed.map(\.id))
    guard expectedIDs == actualIDs else {
      // Another image in a place says nothing of a field; in a feed too long to compare image by
      // image, the ids still tell a reversed order.
      return expectedIDs.count > 1 && expectedIDs.reversed().elementsEqual(actualIDs)
        ? "the images come back in reverse order" : nil
    }
    guard
      let (wanted, got) = zip(expected.feed, actual.feed).first(where: {
        difference(between: $0, and: $1) != nil
      })
    else { return nil }
    if let cause = Exact.likelyCause(from: wanted.description ?? "", to: got.description ?? "") {
      return "an image's description \(cause)"
    }
    if let cause = Exact.likelyCause(from: wanted.location ?? "", to: got.location ?? "") {
      return "an image's location \(cause)"
    }
    return Exact.likelyCause(from: wanted.url.absoluteString, to: got.url.absoluteString).map {
      "an image's URL \($0)"
    }
  }

  /// Whether `retrieved` keeps `inserted` as the contract says: the same URL (the same relative
  /// part and base, text for text), or, for a URL relative to a base, the absolute URL it resolves
  /// to, `URL(string: inserted.absoluteString)`.
  static func isKept(_ inserted: URL, as retrieved: URL) -> Bool {
    guard Exact.isSame(inserted.absoluteString, retrieved.absoluteString) else { return false }
    guard let retrievedBase = retrieved.baseURL else { return true }
    guard let insertedBase = inserted.baseURL else { return false }
    return Exact.isSame(inserted.relativeString, retrieved.relativeString)
      && Exact.isSame(insertedBase.absoluteString, retrievedBase.absoluteString)
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
    if let difference = Exact.difference(from: expected.description, to: actual.description) {
      return "description \(difference)"
    }
    if let difference = Exact.difference(from: expected.location, to: actual.location) {
      return "location \(difference)"
    }
    guard !isKept(expected.url, as: actual.url) else { return nil }
    let (wanted, got) = (expected.url.absoluteString, actual.url.absoluteString)
    if let difference = Exact.difference(from: wanted, to: got) {
      return "url \(difference)"
    }
    return "url \(relativeForm(of: expected.url, comparedWith: actual.url)) became "
      + relativeForm(of: actual.url, comparedWith: expected.url)
  }

  /// A URL as its relative part and base, each quoted around where it parts from `other`'s.
  private static func relativeForm(of url: URL, comparedWith other: URL) -> String {
    let relative = Exact.quoted(url.relativeString, comparedWith: other.relativeString)
    guard let base = url.baseURL?.absoluteString else { return "\(relative) without a base" }
    return "\(relative) relative to "
      + Exact.quoted(base, comparedWith: other.baseURL?.absoluteString ?? "")
  }

  private static func images(_ count: Int) -> String {
    count == 1 ? "1 image" : "\(count) images"
  }

  private static func describe(_ date: Date) -> String {
    let seconds = date.timeIntervalSinceReferenceDate
    return seconds.isNaN ? "NaN seconds from 2001-01-01" : "\(seconds)s after 2001-01-01"
  }
}

extension Date {
  /// The exact bits of the timestamp, as `Date` keeps it.
  var bits: UInt64 { timeIntervalSinceReferenceDate.bitPattern }
}
