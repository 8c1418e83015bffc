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
struct FeedCacheJSONReader {
  /// The format this code writes, and the newest it reads.
  static let currentVersion = 1

  private typealias Failure = FeedCacheFormatError

  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0
  /// Holds the bytes of a string with escapes or non-ASCII text while it is decoded.
  private var scratch: [UInt8] = []

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

  // MARK: - JSON

  private enum Key: Equatable {
    case version, timestamp, feed, id, description, location, url
    case other(String)

    static let known: [Key] = [.version, .timestamp, .feed, .id, .description, .location, .url]

    var name: String {
      switch self {
      case .version: "version"
      case .timestamp: "timestamp"
      case .feed: "feed"
      case .id: "id"
      case .description: "description"
      case .location: "location"
      case .url: "url"
      case .other(let name): name
      }
    }
  }

  /// Where a value sits in the format, for error messages.
  private enum Field {
    case cache, version, timestamp, feed
    /// A value of some other key, skipped while looking for the version.
    case skipped
    case image(Int)
    case imageMember(Int, String)

    var path: String {
      switch self {
      case .cache: "the cache object"
      case .skipped: "a value in the cache object"
      case .version: "version"
      case .timestamp: "timestamp"
      case .feed: "feed"
      case .image(let index): "feed[\(index)]"
      case .imageMember(let index, let name): "feed[\(index)].\(name)"
      }
    }

    func member(_ key: Key) -> String {
      switch self {
      case .cache: key.name
      default: "\(path).\(key.name)"
      }
    }
  }

  private func unexpected(_ key: Key, at keyOffset: Int, in field: Field) -> Failure {
    let isKnown: Bool
    switch (field, key) {
    case (.cache, .version), (.cache, .timestamp), (.cache, .feed): isKnown = true
    case (.image, .id), (.image, .description), (.image, .location), (.image, .url): isKnown = true
    default: isKnown = false
    }
    return .wrongShape(
      offset: keyOffset, field: field.member(key),
      detail: isKnown
        ? "the key \(key.name.debugDescription) appears twice in \(field.path)"
        : "\(field.path) has an unknown key \(key.name.debugDescription)")
  }

  private func missing(_ field: Field, closingAt closingOffset: Int) -> Failure {
    .wrongShape(
      offset: closingOffset, field: field.path, detail: "\(field.path) is missing")
  }

  /// After `{` or `[` (when `isFirst`) or after a value: consumes the `,` before another member
  /// and says whether one follows, or consumes the closing bracket.
  private mutating func hasNextMember(
    isFirst: Bool,
    closedBy closing: Unicode.Scalar,
    of field: Field
  ) throws(Failure) -> Bool {
    skipWhitespace()
    guard offset < bytes.count else {
      throw .truncated(offset: offset, detail: "\(field.path) is not closed")
    }
    if bytes[offset] == UInt8(ascii: closing) {
      offset += 1
      return false
    }
    if !isFirst {
      guard bytes[offset] == UInt8(ascii: ",") else {
        throw .invalidJSON(
          offset: offset,
          detail: "expected ',' or '\(closing)' in \(field.path), found \(describeByte(at: offset))"
        )
      }
      offset += 1
      skipWhitespace()
    }
    return true
  }

  /// Reads an object's key and the `:` after it, leaving the offset at the value.
  private mutating func readKey(of field: Field) throws(Failure) -> Key {
    guard offset < bytes.count else {
      throw .truncated(offset: offset, detail: "expected a key in \(field.path)")
    }
    guard bytes[offset] == UInt8(ascii: "\"") else {
      throw .invalidJSON(
        offset: offset, detail: "expected a key in \(field.path), found \(describeByte(at: offset))"
      )
    }
    let key = try readKeyName(of: field)
    skipWhitespace()
    try expect(":", "':' after the key \(key.name.debugDescription) in \(field.path)")
    skipWhitespace()
    return key
  }

  private mutating func readKeyName(of field: Field) throws(Failure) -> Key {
    let start = offset + 1
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") {
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else {
      return Self.key(named: try readString(of: field))
    }
    let candidate: (key: Key, name: StaticString)? =
      switch end - start {
      case 2: (.id, "id")
      case 3: (.url, "url")
      case 4: (.feed, "feed")
      case 7: (.version, "version")
      case 8: (.location, "location")
      case 9: (.timestamp, "timestamp")
      case 11: (.description, "description")
      default: nil
      }
    if let candidate, matches(candidate.name, at: start) {
      offset = end + 1
      return candidate.key
    }
    return Self.key(named: try readString(of: field))
  }

  /// Whether the bytes at `start` spell `text`; the caller checked that they are as many.
  private func matches(_ text: StaticString, at start: Int) -> Bool {
    let utf8 = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    for (index, byte) in utf8.enumerated() where bytes[start + index] != byte { return false }
    return true
  }

  private static func key(named name: String) -> Key {
    Key.known.first { $0.name == name } ?? .other(name)
  }

  /// Reads the string that starts at the offset's `"`, checking its UTF-8 and its escapes.
  private mutating func readString(of field: Field) throws(Failure) -> String {
    let start = offset + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        offset = index + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 { break }
      index += 1
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        offset = index + 1
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index = try readEscape(at: index, of: field)
      case ..<0x20:
        throw .invalidJSON(
          offset: index,
          detail: "\(field.path) holds \(describeByte(at: index)) unescaped inside a string")
      case 0x80...:
        let length = try utf8SequenceLength(at: index)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
        index += length
      default:
        scratch.append(byte)
        index += 1
      }
    }
    throw .truncated(offset: bytes.count, detail: "a string in \(field.path) is not closed")
  }

  /// Decodes the escape at `index` into `scratch` and returns the index after it.
  private mutating func readEscape(at index: Int, of field: Field) throws(Failure) -> Int {
    guard index + 1 < bytes.count else {
      throw .truncated(offset: bytes.count, detail: "an escape in \(field.path) is not complete")
    }
    let escaped: UInt8
    switch bytes[index + 1] {
    case UInt8(ascii: "\""): escaped = 0x22
    case UInt8(ascii: "\\"): escaped = 0x5C
    case UInt8(ascii: "/"): escaped = 0x2F
    case UInt8(ascii: "b"): escaped = 0x08
    case UInt8(ascii: "f"): escaped = 0x0C
    case UInt8(ascii: "n"): escaped = 0x0A
    case UInt8(ascii: "r"): escaped = 0x0D
    case UInt8(ascii: "t"): escaped = 0x09
    case UInt8(ascii: "u"): return try readUnicodeEscape(at: index, of: field)
    default:
      throw .invalidJSON(
        offset: index,
        detail: "\(field.path) holds an unknown escape \\\(describeByte(at: index + 1))")
    }
    scratch.append(escaped)
    return index + 2
  }

  /// Decodes the `\uXXXX` escape at `index`, and the low surrogate's escape after a high one.
  private mutating func readUnicodeEscape(at index: Int, of field: Field) throws(Failure) -> Int {
    let unit = try readHexUnit(at: index + 2, of: field)
    var scalarValue = UInt32(unit)
    var end = index + 6
    switch unit {
    case 0xD800...0xDBFF:
      guard end + 1 < bytes.count else {
        throw .truncated(offset: bytes.count, detail: "a surrogate pair in \(field.path) is cut")
      }
      guard bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u") else {
        throw loneSurrogate(unit, at: index, of: field)
      }
      let low = try readHexUnit(at: end + 2, of: field)
      guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, at: index, of: field) }
      scalarValue = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
      end += 6
    case 0xDC00...0xDFFF:
      throw loneSurrogate(unit, at: index, of: field)
    default:
      break
    }
    guard let scalar = Unicode.Scalar(scalarValue) else {
      throw loneSurrogate(unit, at: index, of: field)
    }
    scratch.append(contentsOf: String(scalar).utf8)
    return end
  }

  private func loneSurrogate(_ unit: UInt16, at index: Int, of field: Field) -> Failure {
    let hex = String(unit, radix: 16, uppercase: true)
    return .invalidValue(
      offset: index, field: field.path,
      detail: "the escape \\u\(hex) is half of a surrogate pair, which no text can hold alone")
  }

  private func readHexUnit(at start: Int, of field: Field) throws(Failure) -> UInt16 {
    var unit: UInt16 = 0
    for index in start..<start + 4 {
      guard index < bytes.count else {
        throw .truncated(offset: bytes.count, detail: "a \\u escape in \(field.path) is cut")
      }
      guard let digit = Self.hexValue(bytes[index]) else {
        throw .invalidJSON(
          offset: index,
          detail: "a \\u escape in \(field.path) holds \(describeByte(at: index)), not a hex digit")
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// The length of the well-formed UTF-8 sequence at `index`, whose first byte is not ASCII.
  private func utf8SequenceLength(at index: Int) throws(Failure) -> Int {
    let length: Int
    let second: ClosedRange<UInt8>
    switch bytes[index] {
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: throw notUTF8(at: index)
    }
    for position in index + 1..<index + length {
      guard position < bytes.count else {
        throw .truncated(offset: bytes.count, detail: "the file ends inside a UTF-8 character")
      }
      let continuation = position == index + 1 ? second : 0x80...0xBF
      guard continuation.contains(bytes[position]) else { throw notUTF8(at: position) }
    }
    return length
  }

  private func notUTF8(at index: Int) -> Failure {
    .invalidJSON(offset: index, detail: "\(describeByte(at: index)) is not UTF-8 text")
  }

  /// Scans a number as JSON spells it and returns its bytes.
  private mutating func scanNumber(of field: Field) throws(Failure) -> Range<Int> {
    guard offset < bytes.count, Self.startsNumber(bytes[offset]) else {
      throw mismatch("a number", of: field)
    }
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    if try peekDigit(in: field) == UInt8(ascii: "0") {
      offset += 1
    } else {
      try skipDigits(in: field)
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      try skipDigits(in: field)
    }
    if offset < bytes.count,
      bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")
    {
      offset += 1
      if offset < bytes.count,
        bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
      {
        offset += 1
      }
      try skipDigits(in: field)
    }
    return start..<offset
  }

  /// The digit at the offset, which a number needs there.
  private func peekDigit(in field: Field) throws(Failure) -> UInt8 {
    guard offset < bytes.count else {
      throw .truncated(offset: offset, detail: "a number in \(field.path) is cut")
    }
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else {
      throw .invalidJSON(
        offset: offset,
        detail: "a number in \(field.path) holds \(describeByte(at: offset)), not a digit")
    }
    return bytes[offset]
  }

  /// Skips one or more digits.
  private mutating func skipDigits(in field: Field) throws(Failure) {
    _ = try peekDigit(in: field)
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      offset += 1
    }
  }

  private mutating func readLiteral(_ literal: StaticString) throws(Failure) {
    let start = offset
    for (index, expected) in UnsafeBufferPointer(
      start: literal.utf8Start, count: literal.utf8CodeUnitCount
    ).enumerated() {
      guard start + index < bytes.count else {
        throw .truncated(offset: bytes.count, detail: "the literal \(literal) is cut")
      }
      guard bytes[start + index] == expected else {
        throw .invalidJSON(
          offset: start + index,
          detail: "expected the literal \(literal), found \(describeByte(at: start + index))")
      }
    }
    offset = start + literal.utf8CodeUnitCount
  }

  /// Skips any JSON value, checking it as strictly as the rest, down to a fixed depth.
  private mutating func skipValue(depth: Int) throws(Failure) {
    skipWhitespace()
    guard offset < bytes.count else {
      throw .truncated(offset: offset, detail: "a value is missing at the end of the file")
    }
    switch bytes[offset] {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let closing: Unicode.Scalar = bytes[offset] == UInt8(ascii: "{") ? "}" : "]"
      guard depth < Self.maximumSkippedDepth else {
        throw .wrongShape(
          offset: offset, field: Field.cache.path,
          detail: "the JSON nests deeper than \(Self.maximumSkippedDepth) levels")
      }
      offset += 1
      var isFirst = true
      while try hasNextMember(isFirst: isFirst, closedBy: closing, of: .skipped) {
        isFirst = false
        if closing == "}" { _ = try readKey(of: .skipped) }
        try skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "\""):
      _ = try readString(of: .skipped)
    case UInt8(ascii: "t"):
      try readLiteral("true")
    case UInt8(ascii: "f"):
      try readLiteral("false")
    case UInt8(ascii: "n"):
      try readLiteral("null")
    default:
      _ = try scanNumber(of: .skipped)
    }
  }

  private static let maximumSkippedDepth = 256

  /// Throws unless the value at the offset starts with `first`, the first byte of `type`.
  private func expectValue(_ first: UInt8, _ type: String, of field: Field) throws(Failure) {
    guard offset < bytes.count, bytes[offset] == first else { throw mismatch(type, of: field) }
  }

  /// The error for a value that is not of `type`: says what is there instead.
  private func mismatch(_ type: String, of field: Field) -> Failure {
    guard offset < bytes.count else {
      return .truncated(offset: offset, detail: "\(field.path) has no value")
    }
    guard let kind = kindOfValue(at: offset) else {
      return .invalidJSON(
        offset: offset,
        detail: "expected a value for \(field.path), found \(describeByte(at: offset))")
    }
    return .wrongType(
      offset: offset, field: field.path, detail: "\(field.path) must be \(type), not \(kind)")
  }

  /// Consumes `scalar`; the message says what was expected, built only when it is missing.
  private mutating func expect(
    _ scalar: Unicode.Scalar,
    _ what: @autoclosure () -> String
  ) throws(Failure) {
    guard offset < bytes.count else {
      throw .truncated(offset: offset, detail: "expected \(what())")
    }
    guard bytes[offset] == UInt8(ascii: scalar) else {
      throw .invalidJSON(
        offset: offset, detail: "expected \(what()), found \(describeByte(at: offset))")
    }
    offset += 1
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// What JSON value the byte at `index` starts, if any.
  private func kindOfValue(at index: Int) -> String? {
    switch bytes[index] {
    case UInt8(ascii: "\""): "a string"
    case UInt8(ascii: "{"): "an object"
    case UInt8(ascii: "["): "an array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
    case UInt8(ascii: "n"): "null"
    case let byte where Self.startsNumber(byte): "a number"
    default: nil
    }
  }

  private func describeByte(at index: Int) -> String {
    let byte = bytes[index]
    guard (0x21..<0x7F).contains(byte) else {
      return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
    return "'\(Character(Unicode.Scalar(byte)))'"
  }

  private static func startsNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    let digit = byte &- UInt8(ascii: "0")
    if digit < 10 { return digit }
    // Setting bit 5 turns an ASCII upper-case letter into its lower case.
    let letter = (byte | 0x20) &- UInt8(ascii: "a")
    return letter < 6 ? letter + 10 : nil
  }
}
