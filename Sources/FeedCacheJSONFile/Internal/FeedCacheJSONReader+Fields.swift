import Foundation

/// The format's keys and where a value sits in it, as the reader names them in its errors.
extension FeedCacheJSONReader {
  enum Key: Equatable {
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
  enum Field {
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

  func unexpected(_ key: Key, at keyOffset: Int, in field: Field) -> Failure {
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

  func missing(_ field: Field, closingAt closingOffset: Int) -> Failure {
    .wrongShape(
      offset: closingOffset, field: field.path, detail: "\(field.path) is missing")
  }

  /// Reads an object's key and the `:` after it, leaving the offset at the value.
  mutating func readKey(of field: Field) throws(Failure) -> Key {
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
}
