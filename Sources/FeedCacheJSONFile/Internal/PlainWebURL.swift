/// Recognizes, without parsing a `URL`, the URLs that `URL(string:)` reads back unchanged that
/// most feeds hold, so that an insert checks those without building a second `URL` for each.
///
/// A plain web URL is `http://` or `https://`, a host of ASCII letters, digits, dots and
/// hyphens, an optional port up to 65535, then a path, query and fragment made only of the
/// characters RFC 3986 allows there unescaped and of well-formed percent escapes. Anything else
/// is not plain, which only means it takes the slow path.
enum PlainWebURL {
  /// Whether `text` is a plain web URL.
  static func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index: Int
      if bytes.starts(with: "https://".utf8) {
        index = 8
      } else if bytes.starts(with: "http://".utf8) {
        index = 7
      } else {
        return false
      }
      let hostStart = index
      while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
      guard index > hostStart else { return false }
      if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
        index += 1
        let portStart = index
        var port = 0
        while index < bytes.count, index - portStart < 5, isDigit(bytes[index]) {
          port = port * 10 + Int(bytes[index] - UInt8(ascii: "0"))
          index += 1
        }
        guard index > portStart, port <= 65_535 else { return false }
      }
      guard
        index == bytes.count || bytes[index] == UInt8(ascii: "/")
          || bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "#")
      else { return false }
      var hasFragment = false
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "%"):
          guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
          else { return false }
          index += 3
          continue
        case UInt8(ascii: "#"):
          guard !hasFragment else { return false }
          hasFragment = true
        case let byte:
          guard isPathByte(byte) else { return false }
        }
        index += 1
      }
      return true
    }
  }

  private static func isHostByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
  }

  /// An unreserved character, a sub-delimiter, or one of `:@/?`.
  private static func isPathByte(_ byte: UInt8) -> Bool {
    if isLetter(byte) || isDigit(byte) { return true }
    switch byte {
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
      UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
      return true
    default:
      return false
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
  }
}
