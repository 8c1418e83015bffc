import FeedCache
import Foundation

/// Writes a cache in the format ``FeedCacheJSONReader`` reads, in one pass over the feed.
///
/// `JSONEncoder` spends most of an insert walking `Encodable` containers and formatting UUIDs;
/// the format is flat and fixed, so writing it directly is several times faster.
///
/// It refuses what it could not read back exactly: a timestamp that is not finite, which JSON
/// cannot hold, and a URL whose `absoluteString` does not parse back to the same URL.
struct FeedCacheJSONWriter {
  /// A value the format cannot hold.
  enum Refusal: Error, Equatable {
    /// The timestamp, in seconds since the reference date, is NaN or infinite.
    case nonFiniteTimestamp(Double)
    /// The URL of the image at `index`, whose absolute string is `absoluteString`, would not
    /// read back as the same URL.
    case unrepresentableURL(index: Int, absoluteString: String)
  }

  private var bytes: [UInt8] = []

  /// Encodes `feed` cached at `timestamp`.
  ///
  /// - Throws: A ``Refusal`` for a value the format cannot hold.
  static func encode(feed: [LocalFeedImage], timestamp: Date) throws(Refusal) -> Data {
    let seconds = timestamp.timeIntervalSinceReferenceDate
    guard seconds.isFinite else { throw .nonFiniteTimestamp(seconds) }
    var writer = FeedCacheJSONWriter()
    writer.bytes.reserveCapacity(64 + feed.count * 256)
    writer.append(#"{"version":\#(FeedCacheJSONReader.currentVersion),"timestamp":"#)
    // `description` is the shortest text that parses back to the same `Double`.
    writer.append(seconds.description)
    writer.append(#","feed":["#)
    for (index, image) in feed.enumerated() {
      if index > 0 { writer.append(",") }
      try writer.append(image, at: index)
    }
    writer.append("]}")
    return Data(writer.bytes)
  }

  private mutating func append(_ image: LocalFeedImage, at index: Int) throws(Refusal) {
    let url = image.url.absoluteString
    guard Self.readsBack(url, as: image.url) else {
      throw .unrepresentableURL(index: index, absoluteString: url)
    }
    append(#"{"id":""#)
    append(image.id)
    append(#"""#)
    if let description = image.description {
      append(#","description":"#)
      appendQuoted(description)
    }
    if let location = image.location {
      append(#","location":"#)
      appendQuoted(location)
    }
    append(#","url":"#)
    appendQuoted(url)
    append("}")
  }

  /// Whether `URL(string: absoluteString)`, which the reader builds, gives back `url`: the same
  /// URL, or for a URL relative to a base, one with the same absolute string.
  private static func readsBack(_ absoluteString: String, as url: URL) -> Bool {
    if url.baseURL == nil, PlainWebURL.matches(absoluteString) { return true }
    guard let readBack = URL(string: absoluteString) else { return false }
    return url.baseURL == nil ? readBack == url : readBack.absoluteString == absoluteString
  }

  /// Appends text that needs no escaping.
  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends the UUID in the same form as `uuidString`, without formatting a `String`.
  private mutating func append(_ id: UUID) {
    withUnsafeBytes(of: id.uuid) { uuid in
      for (index, byte) in uuid.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          bytes.append(UInt8(ascii: "-"))
        }
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0x0F)])
      }
    }
  }

  /// Appends `text` as a JSON string.
  ///
  /// It escapes what JSON requires (quotes, backslashes and control characters) and copies
  /// every run of other bytes as it is, in one go.
  private mutating func appendQuoted(_ text: String) {
    var text = text
    bytes.append(UInt8(ascii: "\""))
    text.withUTF8 { utf8 in
      // An index loop, not `enumerated()`: unoptimized, as in a debug build's tests, the
      // iterator cost more than the rest of encoding a feed.
      var runStart = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          appendEscaped(byte)
          runStart = index + 1
        }
        index += 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
    case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
    case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
    case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
    case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
    default:
      bytes.append(contentsOf: #"\u00"#.utf8)
      bytes.append(Self.hexDigits[Int(byte >> 4)])
      bytes.append(Self.hexDigits[Int(byte & 0x0F)])
    }
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
