import FeedCache
import Foundation

/// How a store with a misbehavior about one part of a field's grammar rewrites what it keeps,
/// as a store that normalizes, validates or converts values on their way in would.
extension Misbehavior {
  /// Whether the misbehavior rewrites a part of a field's grammar.
  var rewritesGrammar: Bool {
    switch self {
    case .lowercasesSchemeAndHost, .dropsUserInformation, .storesIPv4HostsAsNumbers,
      .lowercasesIPv6Literals, .dropsEmptyPortsAndLeadingZeros, .uppercasesPercentEscapes,
      .removesDotSegments, .escapesSubDelimitersInQueriesAndFragments,
      .addsAnAuthorityToURLsWithoutOne, .truncatesURLsTo32KB,
      .resolvesRelativeURLsByJoiningTexts, .normalizesLineBreaksToLF, .cutsTextAtNUL,
      .normalizesTextToNFD,
      .stripsBidirectionalControls, .replacesScalarsBeyondTheBasicPlane, .truncatesTextTo32KB:
      true
    default: false
    }
  }

  /// `image` as the store keeps it.
  func rewritten(_ image: LocalFeedImage) -> LocalFeedImage {
    LocalFeedImage(
      id: image.id, description: image.description.map(rewritten),
      location: image.location.map(rewritten), url: rewritten(image.url))
  }

  /// `url` as the store keeps it: its text rewritten and read again, or as it was when the
  /// rewritten text is no URL.
  private func rewritten(_ url: URL) -> URL {
    let text = url.absoluteString
    let rewritten = rewritten(url: text, host: url.host(percentEncoded: true))
    guard rewritten != text else { return url }
    return URL(string: rewritten) ?? url
  }

  private func rewritten(url text: String, host: String?) -> String {
    let authority = text.firstRange(of: "://").map { text[$0.upperBound...] }
    let authorityEnd = authority?.firstIndex { "/?#".contains($0) } ?? text.endIndex
    switch self {
    case .lowercasesSchemeAndHost:
      guard let authority else { return text }
      return text[..<authority.startIndex].lowercased()
        + text[authority.startIndex..<authorityEnd].lowercased() + text[authorityEnd...]
    case .dropsUserInformation:
      guard let authority, let at = authority[..<authorityEnd].lastIndex(of: "@") else {
        return text
      }
      return String(text[..<authority.startIndex] + text[text.index(after: at)...])
    case .storesIPv4HostsAsNumbers:
      guard let host, let number = Self.ipv4Number(host) else { return text }
      return text.replacing(host, with: String(number), maxReplacements: 1)
    case .lowercasesIPv6Literals:
      guard let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]") else {
        return text
      }
      return text[..<open] + text[open...close].lowercased() + text[text.index(after: close)...]
    case .dropsEmptyPortsAndLeadingZeros:
      guard let authority else { return text }
      let hostAndPort = authority[..<authorityEnd]
      guard let colon = hostAndPort.lastIndex(of: ":"),
        hostAndPort[colon...].allSatisfy({ $0 == ":" || $0.isNumber })
      else { return text }
      let port = hostAndPort[hostAndPort.index(after: colon)...].drop { $0 == "0" }
      return text[..<colon] + (port.isEmpty ? "" : ":" + port) + text[authorityEnd...]
    case .uppercasesPercentEscapes:
      return text.replacing(/%[0-9a-fA-F]{2}/) { $0.output.uppercased() }
    case .removesDotSegments:
      return URL(string: text)?.standardized.absoluteString ?? text
    case .escapesSubDelimitersInQueriesAndFragments:
      guard let query = text.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return text }
      let escaped = text[query...].map { character in
        "'()*!".contains(character)
          ? "%" + String(character.asciiValue ?? 0, radix: 16, uppercase: true) : String(character)
      }
      return text[..<query] + escaped.joined()
    case .addsAnAuthorityToURLsWithoutOne:
      guard authority == nil, let colon = text.firstIndex(of: ":") else { return text }
      return text[...colon] + "//" + text[text.index(after: colon)...].drop { $0 == "/" }
    case .truncatesURLsTo32KB:
      return String(text.prefix(32_768))
    default:
      return text
    }
  }

  /// The 32-bit number a dotted-decimal IPv4 address stands for.
  private static func ipv4Number(_ host: String) -> UInt32? {
    let octets = host.split(separator: ".", omittingEmptySubsequences: false).compactMap {
      UInt8($0)
    }
    guard octets.count == 4 else { return nil }
    return octets.reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// `text` as the store keeps it.
  private func rewritten(_ text: String) -> String {
    switch self {
    case .normalizesLineBreaksToLF:
      return String(
        String.UnicodeScalarView(
          text.replacing("\r\n", with: "\n").unicodeScalars.map {
            ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) ? "\n" : $0
          }))
    case .cutsTextAtNUL:
      return String(String.UnicodeScalarView(text.unicodeScalars.prefix { $0 != "\0" }))
    case .normalizesTextToNFD:
      return text.decomposedStringWithCanonicalMapping
    case .stripsBidirectionalControls:
      let controls = Set<Unicode.Scalar>(
        ["\u{200E}", "\u{200F}", "\u{061C}"] + (0x202A...0x202E).compactMap(Unicode.Scalar.init)
          + (0x2066...0x2069).compactMap(Unicode.Scalar.init))
      return String(String.UnicodeScalarView(text.unicodeScalars.filter { !controls.contains($0) }))
    case .replacesScalarsBeyondTheBasicPlane:
      return String(
        String.UnicodeScalarView(text.unicodeScalars.map { $0.value > 0xFFFF ? "\u{FFFD}" : $0 }))
    case .truncatesTextTo32KB:
      guard text.utf8.count > 32_768 else { return text }
      var kept = String.UnicodeScalarView()
      var bytes = 0
      for scalar in text.unicodeScalars {
        bytes += UTF8.width(scalar)
        guard bytes <= 32_768 else { break }
        kept.append(scalar)
      }
      return String(kept)
    default:
      return text
    }
  }

  /// `timestamp` as the store keeps it.
  func rewritten(_ timestamp: Date) -> Date {
    let seconds = timestamp.timeIntervalSinceReferenceDate
    switch self {
    case .clearsTheLowestFractionBit where seconds.isFinite:
      return Date(timeIntervalSinceReferenceDate: Double(bitPattern: seconds.bitPattern & ~1))
    case .clampsTimestampsToInt64Nanoseconds:
      let limit = Double(Int64.max) / 1e9
      return Date(timeIntervalSinceReferenceDate: min(max(seconds, -limit), limit))
    case .flushesSubnormalsAndNegativeZeroToZero where seconds.isSubnormal || seconds.isZero:
      return Date(timeIntervalSinceReferenceDate: 0)
    default:
      return timestamp
    }
  }
}
