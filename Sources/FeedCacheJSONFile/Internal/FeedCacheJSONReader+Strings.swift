import Foundation

/// JSON strings, checked as RFC 8259 has them: UTF-8, every escape, surrogate pairs.
extension FeedCacheJSONReader {
  /// Reads the string that starts at the offset's `"`, checking its UTF-8 and its escapes.
  mutating func readString(of field: Field) throws(Failure) -> String {
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

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    let digit = byte &- UInt8(ascii: "0")
    if digit < 10 { return digit }
    // Setting bit 5 turns an ASCII upper-case letter into its lower case.
    let letter = (byte | 0x20) &- UInt8(ascii: "a")
    return letter < 6 ? letter + 10 : nil
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
}
