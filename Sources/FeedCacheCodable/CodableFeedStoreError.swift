import Foundation

/// Why a ``CodableFeedStore`` could not do what it was asked, and at which file.
public struct CodableFeedStoreError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The store file exists but could not be read.
    case unreadable
    /// The store file exists but does not hold a feed cache this store can decode.
    case corrupt
    /// The store file was written by a newer format than this store reads.
    case unsupportedFormatVersion(Int)
    /// The new cache could not be written; the previous one is unchanged.
    case unwritable
    /// The cache could not be removed; it is unchanged.
    case undeletable
  }

  /// What went wrong.
  public let reason: Reason
  /// The store file.
  public let storeURL: URL
  /// The details: the file system's error, or what in the file could not be decoded.
  public let detail: String

  init(_ reason: Reason, at storeURL: URL, detail: String) {
    self.reason = reason
    self.storeURL = storeURL
    self.detail = detail
  }

  init(_ reason: Reason, at storeURL: URL, underlyingError: any Error) {
    self.init(reason, at: storeURL, detail: String(describing: underlyingError))
  }

  public var description: String {
    let path = storeURL.path(percentEncoded: false)
    switch reason {
    case .unreadable:
      return "Cannot read the feed cache at \(path): \(detail)"
    case .corrupt:
      return "The feed cache at \(path) is corrupt and was left untouched: \(detail)"
    case .unsupportedFormatVersion(let version):
      return
        "The feed cache at \(path) has format version \(version), newer than this store reads; it was left untouched: \(detail)"
    case .unwritable:
      return "Cannot write the feed cache at \(path); the previous cache is unchanged: \(detail)"
    case .undeletable:
      return "Cannot delete the feed cache at \(path); it is unchanged: \(detail)"
    }
  }
}
