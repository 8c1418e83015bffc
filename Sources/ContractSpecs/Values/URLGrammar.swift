import Foundation

/// URLs drawn from the whole grammar of RFC 3986, one part of it at a time, for specs of any
/// contract that stores a `URL`: a store that loses or rewrites any part is caught.
///
/// Each value stresses its ``Part`` and varies the rest. Every text is one `URL(string:)` reads
/// unchanged, so a URL's `absoluteString` is the text drawn, and any change a store makes shows:
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: seed)
/// for part in URLGrammar.Part.allCases {
///   let url = try URLGrammar.url(reaching: part, using: &random)
///   // insert it, retrieve it, compare `absoluteString`s
/// }
/// ```
public enum URLGrammar {
  /// A part of the grammar that a store may lose or rewrite without touching the rest.
  public enum Part: String, CaseIterable, Sendable {
    /// A scheme and a host in mixed case: `HtTpS://ImAgEs.Example.COM/`.
    case schemeAndHostCase
    /// User information, with `:`, sub-delimiters and escapes: `user:p%41ss;w=rd@`.
    case userInformation
    /// A dotted-decimal IPv4 host: `http://203.0.113.7/`.
    case ipv4Host
    /// An IPv6 literal, full, compressed, IPv4-suffixed or IPvFuture: `http://[2001:DB8::7]/`.
    case ipv6Host
    /// A port: empty, with leading zeros, or any up to 65535: `http://host:0443/`.
    case port
    /// Percent escapes in lowercase and uppercase hex, `%00` and `%2F` among them.
    case percentEscapes
    /// Empty segments and dot segments, which a store must not resolve: `/a//./b/../c/.`.
    case emptyAndDotSegments
    /// A query and a fragment made of every character they allow, empty ones among them.
    case queryAndFragment
    /// A scheme of `+`, `-` and `.` with no authority: `x-feed.v2+json:a/b`, `urn:isbn:…`.
    case schemeWithoutAuthority
    /// A URL of up to the longest length asked for.
    case longURL
    /// A reference relative to a base, of every form RFC 3986's section 5.4 resolves.
    case relativeReference

    /// What the part is, as a failure names it.
    public var summary: String {
      switch self {
      case .schemeAndHostCase: "the case of the scheme and host"
      case .userInformation: "user information"
      case .ipv4Host: "an IPv4 host"
      case .ipv6Host: "an IPv6 or IPvFuture literal host"
      case .port: "a port"
      case .percentEscapes: "percent escapes in both cases of hex digit"
      case .emptyAndDotSegments: "empty and dot segments"
      case .queryAndFragment: "a query and a fragment of every allowed character"
      case .schemeWithoutAuthority: "a scheme without an authority"
      case .longURL: "a very long URL"
      case .relativeReference: "a reference relative to a base"
      }
    }
  }

  /// Thrown when this platform's `URL` cannot read a text of the grammar, so a spec fails
  /// instead of quietly checking less.
  public struct UnreadableText: Error, CustomStringConvertible {
    /// The text `URL(string:)` gave `nil` for.
    public let text: String

    public var description: String {
      "URL(string: \(text.prefix(200).debugDescription)) gave nil on this platform"
    }
  }

  /// A URL that stresses `part`, the rest of it drawn from `random`.
  ///
  /// - Parameters:
  ///   - part: The part of the grammar the URL stresses.
  ///   - longest: The most characters of a ``Part/longURL``; 65,536 by default.
  ///   - random: Where every choice comes from.
  /// - Returns: A URL whose `absoluteString` is the text drawn, or, for a
  ///   ``Part/relativeReference``, a URL relative to a base drawn from the grammar too.
  /// - Throws: ``UnreadableText`` when this platform's `URL(string:)` cannot read the text.
  public static func url(
    reaching part: Part, longest: Int = 65_536, using random: inout SeededRandomNumberGenerator
  ) throws -> URL {
    guard part == .relativeReference else {
      let text = self.text(reaching: part, longest: longest, using: &random)
      guard let url = URL(string: text) else { throw UnreadableText(text: text) }
      return url
    }
    let baseText = self.text(reaching: .schemeAndHostCase, longest: longest, using: &random)
    let reference = relativeReference(using: &random)
    guard let base = URL(string: baseText) else { throw UnreadableText(text: baseText) }
    guard let url = URL(string: reference, relativeTo: base) else {
      throw UnreadableText(text: reference)
    }
    return url
  }

  /// The text of an absolute URL that stresses `part`.
  private static func text(
    reaching part: Part, longest: Int, using random: inout SeededRandomNumberGenerator
  ) -> String {
    var scheme = "https"
    var userInformation = ""
    var host = hostName(using: &random)
    var port = ""
    var path = "/" + segment(using: &random) + "/" + segment(using: &random) + ".jpg"
    var query = random.chance(1, in: 2) ? "?" + queryText(using: &random) : ""
    var fragment = random.chance(1, in: 3) ? "#" + queryText(using: &random) : ""
    switch part {
    case .schemeAndHostCase:
      scheme = mixedCase(["http", "https", "ftp", "ws"][random.index(below: 4)], using: &random)
      host = mixedCase(host, using: &random)
    case .userInformation:
      userInformation = userInformationText(using: &random) + "@"
    case .ipv4Host:
      host = (0..<4).map { _ in String(random.index(below: 256)) }.joined(separator: ".")
    case .ipv6Host:
      host = "[" + ipv6Literal(using: &random) + "]"
    case .port:
      port = ":" + portText(using: &random)
    case .percentEscapes:
      path = "/" + escapes(using: &random) + "/" + segment(using: &random) + escapes(using: &random)
      query = "?" + queryText(using: &random) + escapes(using: &random)
      fragment = "#" + escapes(using: &random)
    case .emptyAndDotSegments:
      path = dotSegments(using: &random)
    case .queryAndFragment:
      query = random.chance(1, in: 5) ? "?" : "?" + everyQueryCharacter(using: &random)
      fragment = random.chance(1, in: 5) ? "#" : "#" + everyQueryCharacter(using: &random)
    case .schemeWithoutAuthority:
      return schemeWithoutAuthority(using: &random)
    case .longURL:
      // Drawn segments, repeated up to the length: drawing every character would cost more
      // than the store's round trip.
      let prefix = "\(scheme)://\(host)"
      let length = max(prefix.utf8.count + 1, longest - random.index(below: max(1, longest / 4)))
      var chunk = ""
      while chunk.utf8.count < 256 { chunk += "/" + segment(using: &random) }
      let repeated = String(
        repeating: chunk, count: max(0, length - prefix.utf8.count) / chunk.utf8.count + 1)
      return prefix + String(repeated.prefix(length - prefix.utf8.count))
    case .relativeReference:
      break
    }
    return "\(scheme)://\(userInformation)\(host)\(port)\(path)\(query)\(fragment)"
  }

  private static let lowercaseLetters = Array("abcdefghijklmnopqrstuvwxyz")
  private static let digits = Array("0123456789")
  /// Every unreserved character but letters and digits, and every sub-delimiter.
  private static let marks = Array("-._~!$&'()*+,;=")

  private static func word(
    _ characters: [Character], length: Int, using random: inout SeededRandomNumberGenerator
  ) -> String {
    String((0..<length).map { _ in characters[random.index(below: characters.count)] })
  }

  /// A registered name of labels of letters, digits and hyphens, in lowercase.
  private static func hostName(using random: inout SeededRandomNumberGenerator) -> String {
    let labels = 2 + random.index(below: 3)
    return (0..<labels).map { label in
      let first = word(lowercaseLetters, length: 1, using: &random)
      let rest = word(
        lowercaseLetters + digits + ["-"], length: random.index(below: 8), using: &random)
      return first + rest
        + (label < labels - 1 ? word(lowercaseLetters, length: 1, using: &random) : "")
    }.joined(separator: ".")
  }

  /// `text` with each letter in a case drawn, at least one of each when it has two letters.
  private static func mixedCase(_ text: String, using random: inout SeededRandomNumberGenerator)
    -> String
  {
    var characters = text.map { random.chance(1, in: 2) ? $0.uppercased() : $0.lowercased() }
    let letters = characters.indices.filter { characters[$0].first?.isLetter == true }
    if letters.count >= 2 {
      characters[letters[0]] = characters[letters[0]].uppercased()
      characters[letters[1]] = characters[letters[1]].lowercased()
    }
    return characters.joined()
  }

  /// A path segment of unreserved characters, sub-delimiters, `:` and `@`.
  private static func segment(using random: inout SeededRandomNumberGenerator) -> String {
    word(
      lowercaseLetters + digits + marks + [":", "@"], length: 1 + random.index(below: 10),
      using: &random)
  }

  /// Query or fragment text of characters drawn from those allowed there.
  private static func queryText(using random: inout SeededRandomNumberGenerator) -> String {
    word(
      lowercaseLetters + digits + marks + [":", "@", "/", "?"], length: random.index(below: 16),
      using: &random)
  }

  /// Every character a query or a fragment allows unescaped, shuffled, among letters.
  private static func everyQueryCharacter(using random: inout SeededRandomNumberGenerator)
    -> String
  {
    var characters = marks + [":", "@", "/", "?"] + Array("aZ09")
    characters.shuffle(using: &random)
    return String(characters) + queryText(using: &random)
  }

  /// User information: a name, perhaps empty, then perhaps `:` and a password.
  private static func userInformationText(using random: inout SeededRandomNumberGenerator)
    -> String
  {
    let characters = lowercaseLetters + digits + marks.filter { $0 != "@" }
    let name = word(characters, length: random.index(below: 8), using: &random)
    switch random.index(below: 3) {
    case 0: return name
    case 1:
      return name + ":" + word(characters + [":"], length: random.index(below: 8), using: &random)
    default: return name + escapes(using: &random) + ":" + escapes(using: &random)
    }
  }

  /// An IPv6 literal: eight groups, compressed with `::`, ending in an IPv4 address, or an
  /// IPvFuture literal; hex digits in a case drawn.
  private static func ipv6Literal(using random: inout SeededRandomNumberGenerator) -> String {
    let hex = Array("0123456789abcdefABCDEF")
    func group() -> String { word(hex, length: 1 + random.index(below: 4), using: &random) }
    switch random.index(below: 4) {
    case 0:
      return (0..<8).map { _ in group() }.joined(separator: ":")
    case 1:
      let before = random.index(below: 4)
      let after = random.index(below: 7 - before)
      return (0..<before).map { _ in group() }.joined(separator: ":") + "::"
        + (0..<after).map { _ in group() }.joined(separator: ":")
    case 2:
      let ipv4 = (0..<4).map { _ in String(random.index(below: 256)) }.joined(separator: ".")
      return ["::FFFF:", "::ffff:", "0:0:0:0:0:0:", "::"][random.index(below: 4)] + ipv4
    default:
      let characters = lowercaseLetters + digits + marks + [":"]
      return "v" + word(hex, length: 1, using: &random) + "."
        + word(characters, length: 1 + random.index(below: 8), using: &random)
    }
  }

  /// A port: empty, with leading zeros, or a number up to 65535.
  private static func portText(using random: inout SeededRandomNumberGenerator) -> String {
    switch random.index(below: 4) {
    case 0: ""
    case 1:
      String(repeating: "0", count: 1 + random.index(below: 3)) + String(random.index(below: 1_000))
    case 2: ["0", "80", "443", "65535"][random.index(below: 4)]
    default: String(random.index(below: 65_536))
    }
  }

  /// Two to five percent escapes, at least one in each case of hex digit.
  private static func escapes(using random: inout SeededRandomNumberGenerator) -> String {
    let lower = Array("0123456789abcdef")
    let upper = Array("0123456789ABCDEF")
    func escape(_ digits: [Character], letter: Bool) -> String {
      let high = digits[random.index(below: 16)]
      let low = letter ? digits[10 + random.index(below: 6)] : digits[random.index(below: 16)]
      return "%" + String(high) + String(low)
    }
    var escapes = [escape(lower, letter: true), escape(upper, letter: true)]
    for _ in 0..<random.index(below: 4) {
      escapes.append(escape(random.chance(1, in: 2) ? lower : upper, letter: false))
    }
    escapes.append(["%00", "%2F", "%2f", "%25"][random.index(below: 4)])
    escapes.shuffle(using: &random)
    return escapes.joined()
  }

  /// A path of segments, empty and dot segments among them, in places RFC 3986's
  /// remove_dot_segments would change.
  private static func dotSegments(using random: inout SeededRandomNumberGenerator) -> String {
    var segments = (0..<(2 + random.index(below: 4))).map { _ in segment(using: &random) }
    for special in ["", ".", "..", ""] {
      segments.insert(special, at: random.index(below: segments.count + 1))
    }
    return "/" + segments.joined(separator: "/") + ["", "/", "/.", "/.."][random.index(below: 4)]
  }

  /// A URL of a scheme drawn from the whole scheme grammar, without an authority.
  private static func schemeWithoutAuthority(using random: inout SeededRandomNumberGenerator)
    -> String
  {
    let scheme =
      mixedCase(
        word(lowercaseLetters, length: 1 + random.index(below: 4), using: &random), using: &random)
      + word(
        lowercaseLetters + digits + ["+", "-", "."], length: random.index(below: 6), using: &random)
    switch random.index(below: 4) {
    case 0: return scheme + ":" + segment(using: &random) + "/" + segment(using: &random)
    case 1: return scheme + ":/" + segment(using: &random)
    case 2: return scheme + ":" + "?" + queryText(using: &random)
    default: return "urn:isbn:" + word(digits, length: 10, using: &random)
    }
  }

  /// A reference of one of the forms RFC 3986's section 5.4 resolves against a base: a query or
  /// a fragment alone, a relative path with dot segments, an absolute path, a network path.
  private static func relativeReference(using random: inout SeededRandomNumberGenerator)
    -> String
  {
    // A first segment with a colon would read as a scheme.
    let name = segment(using: &random).replacing(":", with: "%3A")
    let forms = [
      "?" + queryText(using: &random), "#" + queryText(using: &random), name, "./" + name,
      "../" + name, "../../../" + name, name + "/", "/" + name, ";" + name,
      name + "?" + queryText(using: &random) + "#" + queryText(using: &random), "..", ".",
      "//" + hostName(using: &random) + "/" + name, name + "/./" + name + "/../" + name,
    ]
    return forms[random.index(below: forms.count)]
  }
}
