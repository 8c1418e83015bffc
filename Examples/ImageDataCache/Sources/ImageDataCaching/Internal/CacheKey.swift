import Foundation

/// What a URL is known by in a cache: the UTF-8 bytes of its `absoluteString`.
///
/// `String ==` calls canonically equivalent texts equal; a key compares bytes, as the contract
/// says, so two URLs share data only when their texts are the same to the byte.
struct CacheKey: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ url: URL) {
    bytes = Array(url.absoluteString.utf8)
  }
}
