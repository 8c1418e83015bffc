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
    guard isPlain || Self.url(parsing: text)?.absoluteString == text else { return nil }
    return text
  }

  /// The URL the strict parser reads from `text`, or `nil` when `text` is not a valid URL as it
  /// stands; nothing is percent- or IDNA-encoded on the way.
  package static func url(parsing text: String) -> URL? {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      return URL(string: text, encodingInvalidCharacters: false)
    }
    // Before these releases, `URL(string:)` is that strict parser (RFC 1738 and 1808) and
    // encodes nothing.
    return URL(string: text)
  }

  /// Whether `bytes` are an `http` or `https` URL of the plainest shape, which the strict parser
  /// accepts and gives back unchanged.
  package static func isPlainWebURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let start = bytes.baseAddress else { return false }
    let end = start + bytes.count
    var cursor = start
    if bytes.count >= 8, memcmp(start, "https://", 8) == 0 {
      cursor += 8
    } else if bytes.count >= 7, memcmp(start, "http://", 7) == 0 {
      cursor += 7
    } else {
      return false
    }

    return Self.byteClasses.withUnsafeBufferPointer { classes in
      // The host: labels of letters, digits and inner hyphens, joined by single dots.
      var labelStart = cursor
      while cursor < end {
        let byte = cursor.pointee
        let byteClass = classes[Int(byte)]
        if byteClass & alphanumeric != 0 {
          cursor += 1
        } else if byte == hyphen, cursor != labelStart {
          cursor += 1
        } else if byte == dot, cursor != labelStart, cursor[-1] != hyphen {
          cursor += 1
          labelStart = cursor
        } else if byteClass & delimiter != 0 {
          break
        } else {
          return false
        }
      }
      guard cursor != labelStart, cursor[-1] != hyphen else { return false }

      // Path, query and fragment: characters allowed unencoded, percent escapes, one `#`.
      var seenFragment = false
      while cursor < end {
        // Most bytes are allowed as they are: test eight at a time, one branch for all.
        if end - cursor >= 8 {
          let allowed =
            classes[Int(cursor[0])] & classes[Int(cursor[1])] & classes[Int(cursor[2])]
            & classes[Int(cursor[3])] & classes[Int(cursor[4])] & classes[Int(cursor[5])]
            & classes[Int(cursor[6])] & classes[Int(cursor[7])]
          if allowed & pathQueryOrFragment != 0 {
            cursor += 8
            continue
          }
        }
        let byte = cursor.pointee
        if classes[Int(byte)] & pathQueryOrFragment != 0 {
          cursor += 1
        } else if byte == percent {
          guard end - cursor > 2, classes[Int(cursor[1])] & hexDigit != 0,
            classes[Int(cursor[2])] & hexDigit != 0
          else { return false }
          cursor += 3
        } else if byte == hash, !seenFragment {
          seenFragment = true
          cursor += 1
        } else {
          return false
        }
      }
      return true
    }
  }

  private static let dot = UInt8(ascii: ".")
  private static let hyphen = UInt8(ascii: "-")
  private static let percent = UInt8(ascii: "%")
  private static let hash = UInt8(ascii: "#")

  // The classes a byte can belong to, as bits of its entry in `byteClasses`.
  private static let delimiter: UInt8 = 1
  private static let alphanumeric: UInt8 = 2
  private static let hexDigit: UInt8 = 4
  private static let pathQueryOrFragment: UInt8 = 8

  /// For each of the 256 byte values, the classes it belongs to: one load per byte tells them
  /// all, where testing sets of bits took a shift and a branch-free select for each.
  private static let byteClasses: [UInt8] = {
    var classes = [UInt8](repeating: 0, count: 256)
    func add(_ members: String, to bit: UInt8) {
      for byte in members.utf8 { classes[Int(byte)] |= bit }
    }
    let alphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    add("/?#", to: delimiter)
    add(alphanumerics, to: alphanumeric)
    add("0123456789abcdefABCDEF", to: hexDigit)
    // Unreserved characters, sub-delimiters, `:`, `@`, `/` and `?` (RFC 3986, sections 3.3-3.5).
    add(alphanumerics + "-._~!$&'()*+,;=:@/?", to: pathQueryOrFragment)
    return classes
  }()
}
