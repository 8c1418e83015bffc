import DurableStoreSupport
import Foundation

/// A file a ``FileSystem`` was to read holds more bytes than its caller reads: the file system
/// throws it from the file's size, before reading a byte.
///
/// ``JSONFileFeedStore`` reads its file only up to ``JSONFileFeedStore/maximumFileSize``, the
/// largest cache it writes, and reports a larger file as
/// ``JSONFileFeedStoreError/Reason/fileTooLarge(bytes:limit:)``.
public struct FileTooLargeError: Error, Hashable, CustomStringConvertible, Sendable {
  /// The file.
  public let url: URL
  /// How many bytes it holds.
  public let size: Int
  /// The most bytes its caller reads.
  public let limit: Int

  /// Creates the error for a file of `size` bytes at `url`, read up to `limit` bytes.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - size: How many bytes it holds.
  ///   - limit: The most bytes its caller reads.
  public init(url: URL, size: Int, limit: Int) {
    self.url = url
    self.size = size
    self.limit = limit
  }

  /// The file in a sentence: its path, its size and the limit.
  public var description: String {
    "\(url.path(percentEncoded: false)) \(StoreFileSize.refusal(ofFileHolding: size, limit: limit))"
  }
}
