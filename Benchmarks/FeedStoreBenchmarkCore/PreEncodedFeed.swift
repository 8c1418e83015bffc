import FeedCache
import Foundation

/// The images of a feed as the bytes a store keeps, encoded once before any clock starts.
///
/// Each id's 16 bytes and each text's UTF-8 (the URL's `absoluteString`), one after the other in
/// one buffer: the value floor builds images from them, the SQLite floors bind them.
package struct PreEncodedFeed: Sendable {
  /// Where one value's bytes are in the buffer.
  package struct Bytes: Sendable {
    package let offset: Int
    package let count: Int32
  }

  /// Where one image's values are in the buffer: the id's 16 bytes at `id`, then its texts.
  package struct Image: Sendable {
    package let id: Int
    package let description: Bytes?
    package let location: Bytes?
    package let url: Bytes
  }

  /// The images, in feed order.
  package let images: [Image]
  /// Every value's bytes, then a NUL byte that belongs to none, so the buffer is never empty.
  private let buffer: [CChar]

  /// Encodes `images`.
  package init(_ images: [LocalFeedImage]) {
    var buffer: [CChar] = []
    func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> PreEncodedFeed.Bytes {
      let offset = buffer.count
      buffer.append(contentsOf: bytes.map { CChar(bitPattern: $0) })
      return PreEncodedFeed.Bytes(offset: offset, count: Int32(buffer.count - offset))
    }
    self.images = images.map { image in
      let id = withUnsafeBytes(of: image.id.uuid) { append($0).offset }
      return Image(
        id: id, description: image.description.map { append($0.utf8) },
        location: image.location.map { append($0.utf8) }, url: append(image.url.absoluteString.utf8)
      )
    }
    buffer.append(0)
    self.buffer = buffer
  }

  /// Calls `body` with the start of the buffer, valid only during the call.
  package func withBytes<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) throws -> Result {
    try buffer.withUnsafeBufferPointer { bytes in
      // Never taken: the buffer always holds its final NUL byte.
      guard let base = bytes.baseAddress else {
        throw BenchmarkError("the encoded images have no address")
      }
      return try body(base)
    }
  }
}
