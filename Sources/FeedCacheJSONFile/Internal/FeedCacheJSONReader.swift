import FeedCache
import Foundation

/// Reads a store file as ``FeedCacheJSONWriter`` writes it, strictly, straight from its bytes.
///
/// The format, version 1:
///
/// ```json
/// {"version":1,"timestamp":786297600.1234568,"feed":[{"id":"…","description":"…","url":"…"}]}
/// ```
///
/// The timestamp is `timeIntervalSinceReferenceDate`, which a `Double` carries exactly; a `nil`
/// description or location is left out (or `null`), which keeps it apart from an empty string.
///
/// `JSONDecoder` spends most of a retrieve building a generic tree and walking `Decodable`
/// containers. This reader knows the format, so it builds the values directly: UUIDs from their
/// hex digits, strings from runs of UTF-8. It is as strict as a JSON parser (RFC 8259: UTF-8,
/// every escape, surrogate pairs, nothing after the value) and strict about the shape: every key
/// is known and none repeats, in any order. Every error says where, by byte offset and field.
///
/// The version is read before anything else, so a file of a newer format is reported as such
/// whatever shape the rest of it has.
///
/// This file reads the cache; the format's keys and fields, JSON strings, and the rest of JSON's
/// syntax are in the `FeedCacheJSONReader+…` files beside it.
struct FeedCacheJSONReader {
  /// The format this code writes, and the newest it reads.
  static let currentVersion = 1

  typealias Failure = FeedCacheFormatError

  /// The file's bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the reading has got to.
  var offset = 0
  /// Holds the bytes of a string with escapes or non-ASCII text while it is decoded.
  var scratch: [UInt8] = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Checks that `data` is a store file of a format version this code reads, looking no
  /// further into the file than it must to find the version.
  ///
  /// - Throws: ``FeedCacheFormatError/newerVersion(_:)`` for a newer format, or what makes the
  ///   file unreadable before its version.
  static func checkFormatVersion(of data: Data) throws(FeedCacheFormatError) {
    let version = try withReader(over: data) { reader throws(Failure) in
      try reader.readFormatVersion()
    }
    guard version <= currentVersion else { throw .newerVersion(version) }
  }

  /// Decodes the cache that `data` holds.
  ///
  /// - Throws: A ``FeedCacheFormatError`` saying what is wrong with the first bytes that are.
  static func decode(_ data: Data) throws(FeedCacheFormatError) -> CachedFeed {
    try checkFormatVersion(of: data)
    return try withReader(over: data) { reader throws(Failure) in try reader.readCache() }
  }

  private static func withReader<Value>(
    over data: Data,
    _ body: (inout FeedCacheJSONReader) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    let result = data.withUnsafeBytes { raw -> Result<Value, Failure> in
      var reader = FeedCacheJSONReader(raw.bindMemory(to: UInt8.self))
      do throws(Failure) {
        return .success(try body(&reader))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: - The cache

  private mutating func readFormatVersion() throws(Failure) -> Int {
    skipWhitespace()
    guard offset < bytes.count else {
      throw bytes.isEmpty
        ? .empty : .truncated(offset: offset, detail: "the file holds only whitespace")
    }
    guard bytes[offset] == UInt8(ascii: "{") else { throw try notACacheObject() }
    offset += 1
    var isFirst = true
    while try hasNextMember(isFirst: isFirst, closedBy: "}", of: .cache) {
      isFirst = false
      let key = try readKey(of: .cache)
      if key == .version { return try readVersion() }
      try skipValue(depth: 1)
    }
    throw .wrongShape(
      offset: offset - 1, field: Field.version.path, detail: "the cache object has no version")
  }

  private mutating func readCache() throws(Failure) -> CachedFeed {
    skipWhitespace()
    try expect("{", "the cache object")
    var hasVersion = false
    var timestamp: Double?
    var feed: [LocalFeedImage]?
    var isFirst = true
    while try hasNextMember(isFirst: isFirst, closedBy: "}", of: .cache) {
      isFirst = false
      let keyOffset = offset
      switch try readKey(of: .cache) {
      case .version where !hasVersion:
        _ = try readVersion()
        hasVersion = true
      case .timestamp where timestamp == nil:
        timestamp = try readTimestamp()
      case .feed where feed == nil:
        feed = try readFeed()
      case let key:
        throw unexpected(key, at: keyOffset, in: .cache)
      }
    }
    let closingOffset = offset - 1
    skipWhitespace()
    guard offset == bytes.count else {
      throw .invalidJSON(
        offset: offset, detail: "\(describeByte(at: offset)) follows the end of the cache object")
    }
    guard let timestamp else { throw missing(.timestamp, closingAt: closingOffset) }
    guard let feed else { throw missing(.feed, closingAt: closingOffset) }
    return CachedFeed(feed: feed, timestamp: Date(timeIntervalSinceReferenceDate: timestamp))
  }

  /// The error for a file whose JSON value is not an object: wrong shape if it is JSON at all.
  private mutating func notACacheObject() throws(Failure) -> Failure {
    let start = offset
    let kind = kindOfValue(at: start)
    try skipValue(depth: 0)
    skipWhitespace()
    guard offset == bytes.count else {
      throw .invalidJSON(
        offset: offset, detail: "\(describeByte(at: offset)) follows the end of the JSON value")
    }
    return .wrongShape(
      offset: start, field: Field.cache.path,
      detail: "the file holds \(kind ?? "a value"), not a cache object")
  }

  private mutating func readVersion() throws(Failure) -> Int {
    let start = offset
    let number = try scanNumber(of: .version)
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[number]), as: UTF8.self)
    guard let version = Int(text) else {
      throw .invalidValue(
        offset: start, field: Field.version.path,
        detail: "the version \(text) is not a whole number this store can hold")
    }
    guard version >= 1 else {
      throw .invalidValue(
        offset: start, field: Field.version.path,
        detail: "the version \(version) was never written; versions start at 1")
    }
    return version
  }

  private mutating func readTimestamp() throws(Failure) -> Double {
    let start = offset
    let number = try scanNumber(of: .timestamp)
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[number]), as: UTF8.self)
    guard let seconds = Double(text), seconds.isFinite else {
      throw .invalidValue(
        offset: start, field: Field.timestamp.path,
        detail: "the timestamp \(text) is beyond what a Double holds")
    }
    return seconds
  }

  private mutating func readFeed() throws(Failure) -> [LocalFeedImage] {
    try expectValue(UInt8(ascii: "["), "an array", of: .feed)
    offset += 1
    var images: [LocalFeedImage] = []
    var isFirst = true
    while try hasNextMember(isFirst: isFirst, closedBy: "]", of: .feed) {
      isFirst = false
      images.append(try readImage(at: images.count))
    }
    return images
  }

  private mutating func readImage(at index: Int) throws(Failure) -> LocalFeedImage {
    let field = Field.image(index)
    try expectValue(UInt8(ascii: "{"), "an object", of: field)
    offset += 1
    var id: UUID?
    var description: String?
    var hasDescription = false
    var location: String?
    var hasLocation = false
    var url: URL?
    var isFirst = true
    while try hasNextMember(isFirst: isFirst, closedBy: "}", of: field) {
      isFirst = false
      let keyOffset = offset
      switch try readKey(of: field) {
      case .id where id == nil:
        id = try readUUID(of: .imageMember(index, "id"))
      case .description where !hasDescription:
        description = try readOptionalString(of: .imageMember(index, "description"))
        hasDescription = true
      case .location where !hasLocation:
        location = try readOptionalString(of: .imageMember(index, "location"))
        hasLocation = true
      case .url where url == nil:
        url = try readURL(of: .imageMember(index, "url"))
      case let key:
        throw unexpected(key, at: keyOffset, in: field)
      }
    }
    guard let id else { throw missing(.imageMember(index, "id"), closingAt: offset - 1) }
    guard let url else { throw missing(.imageMember(index, "url"), closingAt: offset - 1) }
    return LocalFeedImage(id: id, description: description, location: location, url: url)
  }

  private mutating func readUUID(of field: Field) throws(Failure) -> UUID {
    let start = offset
    try expectValue(UInt8(ascii: "\""), "a string", of: field)
    if let uuid = uuidWithoutEscapes(at: start + 1) {
      offset = start + 38
      return uuid
    }
    let text = try readString(of: field)
    guard let uuid = UUID(uuidString: text) else {
      throw .invalidValue(
        offset: start, field: field.path, detail: "\(text.debugDescription) is not a UUID")
    }
    return uuid
  }

  /// The UUID spelled by the 36 bytes at `start` when they are hex digits and dashes in the
  /// places `uuidString` puts them, followed by the closing quote; `nil` otherwise.
  private func uuidWithoutEscapes(at start: Int) -> UUID? {
    guard start + 36 < bytes.count, bytes[start + 36] == UInt8(ascii: "\""),
      bytes[start + 8] == UInt8(ascii: "-"), bytes[start + 13] == UInt8(ascii: "-"),
      bytes[start + 18] == UInt8(ascii: "-"), bytes[start + 23] == UInt8(ascii: "-")
    else { return nil }
    // The 32 hex digits, as two big-endian halves of the UUID's 16 bytes.
    var halves: (UInt64, UInt64) = (0, 0)
    guard accumulateHexDigits(start..<start + 8, into: &halves.0),
      accumulateHexDigits(start + 9..<start + 13, into: &halves.0),
      accumulateHexDigits(start + 14..<start + 18, into: &halves.0),
      accumulateHexDigits(start + 19..<start + 23, into: &halves.1),
      accumulateHexDigits(start + 24..<start + 36, into: &halves.1)
    else { return nil }
    halves = (halves.0.bigEndian, halves.1.bigEndian)
    return withUnsafeBytes(of: halves) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
  }

  /// Shifts the hex digits at `range` into `value`; says whether they all were hex digits.
  ///
  /// Digits and letters come in random order, so this takes no branch on either: the value of
  /// `0`–`9` is its low nibble, that of `A`–`F` and `a`–`f` its low nibble plus 9.
  private func accumulateHexDigits(_ range: Range<Int>, into value: inout UInt64) -> Bool {
    var invalidCount = 0
    for index in range {
      let byte = bytes[index]
      let isDigit = byte &- UInt8(ascii: "0") < 10
      let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 6
      invalidCount &+= isDigit || isLetter ? 0 : 1
      value = value << 4 | UInt64((byte & 0x0F) &+ 9 &* (byte >> 6))
    }
    return invalidCount == 0
  }

  private mutating func readURL(of field: Field) throws(Failure) -> URL {
    let start = offset
    try expectValue(UInt8(ascii: "\""), "a string", of: field)
    let text = try readString(of: field)
    guard let url = URL(string: text) else {
      throw .invalidValue(
        offset: start, field: field.path, detail: "\(text.debugDescription) is not a URL")
    }
    return url
  }

  private mutating func readOptionalString(of field: Field) throws(Failure) -> String? {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "n") else {
      try expectValue(UInt8(ascii: "\""), "a string or null", of: field)
      return try readString(of: field)
    }
    try readLiteral("null")
    return nil
  }
}
