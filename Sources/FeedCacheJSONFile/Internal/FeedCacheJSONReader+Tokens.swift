import Foundation

/// The rest of JSON's syntax: members and their separators, numbers, literals, whitespace, and
/// any value skipped whole; and how an error names what it found.
extension FeedCacheJSONReader {
  /// After `{` or `[` (when `isFirst`) or after a value: consumes the `,` before another member
  /// and says whether one follows, or consumes the closing bracket.
  mutating func hasNextMember(
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

  /// Scans a number as JSON spells it and returns its bytes.
  mutating func scanNumber(of field: Field) throws(Failure) -> Range<Int> {
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

  mutating func readLiteral(_ literal: StaticString) throws(Failure) {
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
  mutating func skipValue(depth: Int) throws(Failure) {
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
  func expectValue(_ first: UInt8, _ type: String, of field: Field) throws(Failure) {
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
  mutating func expect(
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

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// What JSON value the byte at `index` starts, if any.
  func kindOfValue(at index: Int) -> String? {
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

  func describeByte(at index: Int) -> String {
    let byte = bytes[index]
    guard (0x21..<0x7F).contains(byte) else {
      return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
    return "'\(Character(Unicode.Scalar(byte)))'"
  }

  private static func startsNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
