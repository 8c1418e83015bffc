import FeedCache
import Foundation

/// A feed and timestamp read from fuzzer bytes: every field the fuzzer can reach, any text it
/// makes, any timestamp bit pattern.
///
/// The bytes are read front to back: a count of images (0 to 15), then per image 16 bytes of id,
/// a description and a location (each a flag byte, then a length byte and that many bytes of
/// UTF-8, repaired where invalid), and a URL's text; last, 8 bytes of timestamp bits. Missing
/// bytes read as zero, so every input makes a feed.
public struct FuzzedFeed {
  public let feed: [LocalFeedImage]
  public let timestamp: Date

  public init(_ bytes: UnsafeRawBufferPointer) {
    var reader = ByteReader(bytes: bytes)
    let count = Int(reader.byte() % 16)
    var feed: [LocalFeedImage] = []
    for _ in 0..<count {
      let id = UUID(uuid: reader.uuid())
      let description = reader.optionalText()
      let location = reader.optionalText()
      let urlText = reader.text()
      let url = URL(string: urlText) ?? URL(string: "https://images.example.com/fallback.jpg")
      guard let url else { continue }
      feed.append(LocalFeedImage(id: id, description: description, location: location, url: url))
    }
    self.feed = feed
    self.timestamp = Date(timeIntervalSinceReferenceDate: Double(bitPattern: reader.uint64()))
  }
}

/// Reads fuzzer bytes in order, zero once they run out.
private struct ByteReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  mutating func byte() -> UInt8 {
    defer { offset += 1 }
    return offset < bytes.count ? bytes[offset] : 0
  }

  mutating func uint64() -> UInt64 {
    (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }
  }

  mutating func uuid() -> uuid_t {
    (
      byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(),
      byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte()
    )
  }

  mutating func text() -> String {
    let length = Int(byte())
    return String(decoding: (0..<length).map { _ in byte() }, as: UTF8.self)
  }

  mutating func optionalText() -> String? {
    byte() & 1 == 0 ? nil : text()
  }
}
