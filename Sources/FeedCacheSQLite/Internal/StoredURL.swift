import Foundation

/// How the store writes a URL as text so that retrieve reads back the same URL: its
/// `absoluteString`, accepted only when the strict parser retrieve uses gives that text back.
///
/// Parsing every URL on insert would cost as much as the rest of the insert together, so text in
/// the plainest shape (`http` or `https`, a host name of letters, digits, hyphens and dots, and
/// then only characters RFC 3986 allows unencoded in a path, query or fragment) is accepted by
/// one pass over its bytes, a shape the strict parser always accepts unchanged; anything else is
/// parsed.
package enum StoredURL {
  /// The text to store for `url`, or `nil` when retrieve would not read it back as `url`'s
  /// `absoluteString`.
  package static func text(of url: URL) -> String? {
    var text = url.absoluteString
    let isPlain = text.withUTF8(isPlainWebURL)
    guard isPlain || URL(string: text, encodingInvalidCharacters: false)?.absoluteString == text
    else { return nil }
    return text
  }

  /// Whether `bytes` are an `http` or `https` URL of the plainest shape, which the strict parser
  /// accepts and gives back unchanged.
  package static func isPlainWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    func skip(_ prefix: StaticString) -> Bool {
      let count = prefix.utf8CodeUnitCount
      guard bytes.count - index >= count,
        memcmp(bytes.baseAddress! + index, prefix.utf8Start, count) == 0
      else { return false }
      index += count
      return true
    }
    guard skip("https://") || skip("http://") else { return false }

    // The host: labels of letters, digits and inner hyphens, joined by single dots.
    var labelLength = 0
    var previous: UInt8 = 0
    while index < bytes.count, !isDelimiter(bytes[index]) {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
        labelLength = 0
      } else if isAlphanumeric(byte) || (byte == UInt8(ascii: "-") && labelLength > 0) {
        labelLength += 1
      } else {
        return false
      }
      previous = byte
      index += 1
    }
    guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }

    // Path, query and fragment: characters allowed unencoded, percent escapes, one `#`.
    var seenFragment = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
        else { return false }
        index += 3
        continue
      }
      if byte == UInt8(ascii: "#") {
        guard !seenFragment else { return false }
        seenFragment = true
      } else if !isAllowedInPathQueryOrFragment(byte) {
        return false
      }
      index += 1
    }
    return true
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
  }

  /// Unreserved characters, sub-delimiters, `:`, `@`, `/` and `?` (RFC 3986, section 3.3-3.5).
  private static func isAllowedInPathQueryOrFragment(_ byte: UInt8) -> Bool {
    if isAlphanumeric(byte) { return true }
    switch byte {
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
      UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
      return true
    default:
      return false
    }
  }
}
