import Foundation

/// Text drawn from all of Unicode, one part of it at a time, for specs of any contract that
/// stores a `String`: a store that loses, normalizes or rewrites any part is caught.
///
/// Compare what comes back by its Unicode scalars (``Exact``), never with `==`, which is
/// canonical equivalence and so calls a normalized text the same:
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: seed)
/// for part in TextGrammar.Part.allCases {
///   let text = TextGrammar.text(reaching: part, using: &random)
///   // insert it, retrieve it, compare with `Exact.difference(between:and:)`
/// }
/// ```
public enum TextGrammar {
  /// A part of Unicode that a store may lose or rewrite without touching the rest.
  public enum Part: String, CaseIterable, Sendable {
    /// Every kind of line break: LF, CR, CR LF, VT, FF, NEL, LS and PS.
    case lineBreaks
    /// NUL, first, inside and last, with the other C0 and C1 control characters and DEL.
    case controlCharacters
    /// Combining sequences decomposed (NFD), stacked marks among them.
    case decomposedSequences
    /// The same characters precomposed (NFC), Hangul syllables among them.
    case precomposedSequences
    /// Hebrew and Arabic beside left-to-right text, with every bidirectional control.
    case rightToLeftText
    /// Scalars from every plane: supplementary ones, private use and noncharacters among them.
    case everyPlane
    /// Text of up to the longest length asked for, its scalars from every plane.
    case longText

    /// What the part is, as a failure names it.
    public var summary: String {
      switch self {
      case .lineBreaks: "every kind of line break"
      case .controlCharacters: "NUL and other control characters"
      case .decomposedSequences: "combining sequences in NFD"
      case .precomposedSequences: "combining sequences in NFC"
      case .rightToLeftText: "right-to-left text and bidirectional controls"
      case .everyPlane: "scalars from every plane"
      case .longText: "long text"
      }
    }
  }

  /// Text that stresses `part`, the rest of it drawn from `random`.
  ///
  /// - Parameters:
  ///   - part: The part of Unicode the text stresses.
  ///   - longest: The most UTF-8 bytes of a ``Part/longText``; 65,536 by default.
  ///   - random: Where every choice comes from.
  /// - Returns: The text.
  public static func text(
    reaching part: Part, longest: Int = 65_536, using random: inout SeededRandomNumberGenerator
  ) -> String {
    var scalars: [Unicode.Scalar]
    switch part {
    case .lineBreaks:
      var breaks = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
      breaks.shuffle(using: &random)
      return breaks.map { words(using: &random) + $0 }.joined() + words(using: &random)
    case .controlCharacters:
      scalars = [Unicode.Scalar(0)] + Array(words(using: &random).unicodeScalars)
      for _ in 0..<(2 + random.index(below: 6)) {
        let control = [0x00, 1 + random.index(below: 31), 0x7F, 0x80 + random.index(below: 32)][
          random.index(below: 4)]
        scalars.insert(scalar(control), at: random.index(below: scalars.count + 1))
      }
      scalars.append(Unicode.Scalar(0))
    case .decomposedSequences:
      return precomposed(using: &random).decomposedStringWithCanonicalMapping
        + stackedMarks(using: &random)
    case .precomposedSequences:
      return precomposed(using: &random)
    case .rightToLeftText:
      scalars = rightToLeft(using: &random)
    case .everyPlane:
      scalars = (0..<(8 + random.index(below: 24))).map { _ in anyScalar(using: &random) }
      scalars += [0xFFFE, 0xFFFF, 0x1_FFFE, 0x10_FFFF, 0xE_0041, 0xF_0000].map(scalar)
      scalars.shuffle(using: &random)
    case .longText:
      // Scalars drawn from every plane, repeated up to the length: drawing every one would cost
      // more than the store's round trip.
      let length = max(1, longest - random.index(below: max(1, longest / 4)))
      let chunk = String(
        String.UnicodeScalarView((0..<128).map { _ in anyScalar(using: &random) }))
      var text = String(repeating: chunk, count: length / chunk.utf8.count)
      for scalar in chunk.unicodeScalars where text.utf8.count + UTF8.width(scalar) <= length {
        text.unicodeScalars.append(scalar)
      }
      return text
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// The scalar `value`, which the callers keep outside the surrogates.
  private static func scalar(_ value: Int) -> Unicode.Scalar {
    Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}"
  }

  /// A scalar from anywhere in Unicode: each plane of it as likely as the basic one, so that
  /// supplementary scalars are as common as ASCII is in real text.
  private static func anyScalar(using random: inout SeededRandomNumberGenerator) -> Unicode.Scalar {
    switch random.index(below: 6) {
    case 0: return scalar(0x20 + random.index(below: 0x5F))
    case 1, 2:
      let value = random.index(below: 0x1_0000 - 0x800)
      return scalar(value < 0xD800 ? value : value + 0x800)
    default: return scalar(0x1_0000 + random.index(below: 0x10_0000))
    }
  }

  /// One to four words of ASCII letters, separated by spaces.
  private static func words(using random: inout SeededRandomNumberGenerator) -> String {
    (0..<(1 + random.index(below: 4))).map { _ in
      String(
        String.UnicodeScalarView(
          (0..<(1 + random.index(below: 7))).map { _ in scalar(0x61 + random.index(below: 26)) }))
    }.joined(separator: " ")
  }

  /// Characters that have a canonical decomposition, precomposed: Latin, Greek, Cyrillic and
  /// Vietnamese letters with marks, and Hangul syllables, among ASCII.
  private static func precomposed(using random: inout SeededRandomNumberGenerator) -> String {
    let composed: [ClosedRange<Int>] = [
      0xC0...0xC5, 0xC7...0xCF, 0xD1...0xD6, 0xD9...0xDD, 0xE0...0xE5, 0xE7...0xEF, 0xF1...0xF6,
      0x100...0x17E, 0x1EA0...0x1EF9, 0x386...0x38A, 0x3AC...0x3B0, 0x419...0x419, 0x439...0x439,
      0xAC00...0xD7A3,
    ]
    var text = String.UnicodeScalarView()
    for _ in 0..<(4 + random.index(below: 12)) {
      let range = composed[random.index(below: composed.count)]
      let value = range.lowerBound + random.index(below: range.count)
      guard let character = Unicode.Scalar(UInt32(value)),
        String(character).decomposedStringWithCanonicalMapping.unicodeScalars.count > 1
      else { continue }
      text.append(character)
      if random.chance(1, in: 3) { text.append(" ") }
    }
    text.append("\u{C5}")
    return String(text)
  }

  /// A base letter with two to four combining marks, in canonical order and not.
  private static func stackedMarks(using random: inout SeededRandomNumberGenerator) -> String {
    var text = String.UnicodeScalarView([scalar(0x61 + random.index(below: 26))])
    for _ in 0..<(2 + random.index(below: 3)) {
      text.append(
        scalar(
          [0x300, 0x316, 0x323, 0x1DC0, 0x20D0][random.index(below: 5)] + random.index(below: 8)))
    }
    return String(text)
  }

  /// Hebrew and Arabic, with their marks and digits, beside ASCII words, and every
  /// bidirectional control.
  private static func rightToLeft(using random: inout SeededRandomNumberGenerator)
    -> [Unicode.Scalar]
  {
    var scalars: [Unicode.Scalar] = []
    for _ in 0..<(3 + random.index(below: 5)) {
      switch random.index(below: 3) {
      case 0:
        scalars += (0..<(2 + random.index(below: 6))).map { _ in
          scalar(0x5D0 + random.index(below: 27))
        }
      case 1:
        scalars += (0..<(2 + random.index(below: 6))).map { _ in
          scalar(0x627 + random.index(below: 36))
        }
      default: scalars += words(using: &random).unicodeScalars
      }
      scalars.append(
        random.chance(1, in: 2)
          ? " " : scalar([0x5B4, 0x64E, 0x661, 0x6F5][random.index(below: 4)]))
    }
    let controls = [
      0x200E, 0x200F, 0x61C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    for control in controls {
      scalars.insert(scalar(control), at: random.index(below: scalars.count + 1))
    }
    return scalars
  }
}
