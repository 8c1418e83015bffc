import FeedCache
import Foundation

/// The values the round-trip specs insert, each with the name a failure calls it by.
enum RoundTripValues {
  /// Thrown when the platform cannot build one of the values, so the spec fails instead of
  /// quietly checking less.
  struct UnbuildableValue: Error, CustomStringConvertible {
    let expression: String

    var description: String { "\(expression) gave nil on this platform" }
  }

  static func require<Value>(_ value: Value?, _ expression: String) throws -> Value {
    guard let value else { throw UnbuildableValue(expression: expression) }
    return value
  }

  /// Texts that a store must keep scalar for scalar, the last of `longest` UTF-8 bytes.
  static func texts(longest: Int) -> [(String, String)] {
    let ending = "ends with ü ✓ 😀"
    let filler = String(
      repeating: "0123456789abcdef", count: max(0, longest - ending.utf8.count) / 16)
    return [
      ("emoji", "👩‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 👍🏽 skin tone, 🇨🇭 regional indicators"),
      ("combining marks (decomposed)", "e\u{301}te\u{301}, Zu\u{308}rich, a\u{30A}, n\u{303}"),
      ("precomposed accents", "\u{E9}t\u{E9}, Z\u{FC}rich, \u{E5}, \u{F1}, \u{212B}ngstr\u{F6}m"),
      ("right-to-left text", "שלום עולם, مرحبا بالعالم \u{200F}mixed\u{200E} left"),
      ("a NUL inside", "before\u{0}after\u{0}"),
      ("surrounding whitespace", " \t leading and trailing\n \u{A0}"),
      ("a byte order mark and zero-width characters", "\u{FEFF}start\u{200B}\u{200D}end"),
      ("\(filler.utf8.count + ending.utf8.count) bytes of text", filler + ending),
    ]
  }

  /// URLs that a store must keep, each with its name.
  ///
  /// - Throws: ``UnbuildableValue`` when this platform's `URL` cannot make one of them.
  static func urls() throws -> [(String, URL)] {
    [
      (
        "query, fragment and percent escapes",
        try url("https://images.example.com/a%20b/c%2Fd.jpg?size=large&lang=%C3%BC&e=#frag%20x")
      ),
      ("an IDN host", try url("https://bücher.example/straße.jpg")),
      ("an IDN host in Japanese", try url("https://例え.テスト/パス?q=値#節")),
      ("an IPv6 host and a port", try url("http://[::1]:8080/image.jpg")),
      ("a file URL", try url("file:///var/images/a%20b/%C3%BC.jpg")),
      ("a file URL from a path", URL(fileURLWithPath: "/var/images/with space/ü.jpg")),
      ("a data URL", try url("data:image/gif;base64,R0lGODlhAQABAAAAACw=")),
      ("64 KB", try url("https://images.example.com/" + String(repeating: "long/", count: 13_108))),
    ]
  }

  /// The URL `string` reads as.
  ///
  /// - Throws: ``UnbuildableValue`` when `URL(string:)` reads nothing from it on this platform.
  static func url(_ string: String) throws -> URL {
    try require(URL(string: string), "URL(string: \(string.debugDescription))")
  }

  static let timestamps: [(String, Date)] = [
    ("Date.distantPast", .distantPast),
    ("Date.distantFuture", .distantFuture),
    (
      "-Double.greatestFiniteMagnitude",
      Date(timeIntervalSinceReferenceDate: -.greatestFiniteMagnitude)
    ),
    (
      "Double.greatestFiniteMagnitude",
      Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude)
    ),
    ("-1,234,567.891011 (negative)", Date(timeIntervalSinceReferenceDate: -1_234_567.891_011)),
    (
      "Double.leastNonzeroMagnitude (subnormal)",
      Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude)
    ),
    (
      "-Double.leastNormalMagnitude / 3 (subnormal)",
      Date(timeIntervalSinceReferenceDate: -.leastNormalMagnitude / 3)
    ),
    ("-0.0 (negative zero)", Date(timeIntervalSinceReferenceDate: -0.0)),
    ("0.0", Date(timeIntervalSinceReferenceDate: 0)),
    ("42.0 (a whole number)", Date(timeIntervalSinceReferenceDate: 42)),
    ("0.000000123 (sub-microsecond)", Date(timeIntervalSinceReferenceDate: 0.000_000_123)),
    ("786297600.123456789 (sub-microsecond)", FeedStoreFixtures.preciseTimestamp()),
  ]

  /// `count` images with distinct ids, cheap to make in a debug build: their text and URLs
  /// cycle through a thousand values each, and every third description is `""` or location
  /// `nil`.
  static func largeFeed(count: Int) -> [LocalFeedImage] {
    let (urls, texts) = (largeFeedURLs, largeFeedTexts)
    return (0..<count).map { index in
      let bits = UInt64(index)
      let id = UUID(
        uuid: (
          0x1A, 0x26, 0xE0, 0x00, 0, 0, 0x40, 0, 0x80, 0, 0, UInt8(truncatingIfNeeded: bits >> 32),
          UInt8(truncatingIfNeeded: bits >> 24), UInt8(truncatingIfNeeded: bits >> 16),
          UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits)
        ))
      return LocalFeedImage(
        id: id, description: index % 3 == 1 ? "" : texts[index % 1_000],
        location: index % 3 == 2 ? nil : texts[(index * 7) % 1_000], url: urls[index % 1_000])
    }
  }

  /// The URLs and texts large feeds cycle through, parsed once: every spec that inserts a large
  /// feed, on every store, uses them.
  private static let largeFeedURLs = (0..<1_000).map {
    URL(string: "https://images.example.com/large/\($0).jpg")!
  }
  private static let largeFeedTexts = (0..<1_000).map { "image \($0) of a large feed" }

  /// Values a store may be unable to keep: a NaN timestamp, and URLs that `URL(string:)` cannot
  /// read back from their `absoluteString`.
  static func unrepresentable() throws -> [(String, CachedFeed)] {
    let unreadable = try require(
      URL(dataRepresentation: Data("a b:c".utf8), relativeTo: nil),
      "URL(dataRepresentation: Data(\"a b:c\".utf8), relativeTo: nil)")
    guard URL(string: unreadable.absoluteString) == nil else {
      throw UnbuildableValue(expression: "a URL that URL(string:) cannot read back")
    }
    let image = FeedStoreFixtures.uniqueImage()
    return [
      (
        "a NaN timestamp",
        CachedFeed(feed: [image], timestamp: Date(timeIntervalSinceReferenceDate: .nan))
      ),
      (
        "the URL \(unreadable.absoluteString.debugDescription), which URL(string:) cannot read",
        CachedFeed(
          feed: [
            image,
            LocalFeedImage(id: UUID(), description: nil, location: nil, url: unreadable),
          ],
          timestamp: FeedStoreFixtures.preciseTimestamp())
      ),
    ]
  }
}
