import ContractSpecs
import FeedCache
import Foundation

/// A cache as readable JSON, attached to a failing test so the whole of both caches is kept
/// while the failure message stays one line.
struct CacheAttachment: Encodable {
  struct Image: Encodable {
    enum CodingKeys: CodingKey {
      case id, description, location, url
    }

    let id: String
    let description: String?
    let location: String?
    let url: String

    /// Writes `nil` text as `null`, never leaving the key out: `nil` and `""` must both show.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(description, forKey: .description)
      try container.encode(location, forKey: .location)
      try container.encode(url, forKey: .url)
    }
  }

  /// Seconds after 2001-01-01, as `Date` keeps them.
  let timestamp: Double
  /// The timestamp's exact bits, in hexadecimal: two dates can print alike and still differ.
  let timestampBits: String
  let feed: [Image]

  init(_ cache: CachedFeed) {
    timestamp = cache.timestamp.timeIntervalSinceReferenceDate
    timestampBits = String(timestamp.bitPattern, radix: 16, uppercase: true)
    feed = cache.feed.map {
      Image(
        id: $0.id.uuidString, description: $0.description, location: $0.location,
        url: $0.url.absoluteString)
    }
  }

  /// `cache` as pretty-printed JSON; `null` when nothing is cached.
  static func json(for cache: CachedFeed?) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding strings, numbers and arrays cannot fail; the fallback keeps the failure's
    // message rather than losing it to an error about the attachment.
    guard let cache, let data = try? encoder.encode(CacheAttachment(cache)) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  /// Attaches both caches to the running test, named after what they are, at the spec's caller.
  static func record(expected: CachedFeed?, retrieved: CachedFeed?) {
    SpecRun.attach(json(for: expected), named: "expected-cache.json")
    SpecRun.attach(json(for: retrieved), named: "retrieved-cache.json")
  }
}
