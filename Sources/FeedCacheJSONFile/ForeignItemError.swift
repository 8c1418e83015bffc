import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something the store did not make stands where a ``FileSystem`` was to lock, create or remove a
/// file: a symbolic link, a directory, or a file another program created.
///
/// ``LocalFileSystem`` throws it rather than follow, write through or remove such an item, so
/// that another user who plants a symbolic link in a shared directory such as `/tmp` never gets
/// the store to write where the link points. ``JSONFileFeedStore`` reports it as
/// ``JSONFileFeedStoreError/Reason/foreignSideFile``.
public struct ForeignItemError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What stands at the path.
  public enum Kind: Sendable, Equatable {
    /// A symbolic link, wherever it points, even at nothing.
    case symbolicLink
    /// A directory.
    case directory
    /// A regular file that another program created where a new file was to be created.
    case file
    /// A FIFO, a socket or a device.
    case special
  }

  /// Where the item stands.
  public let url: URL
  /// What it is.
  public let kind: Kind

  /// Creates the error for an item of `kind` at `url`.
  ///
  /// - Parameters:
  ///   - url: Where the item stands.
  ///   - kind: What it is.
  public init(url: URL, kind: Kind) {
    self.url = url
    self.kind = kind
  }

  /// The item in a sentence: its path and what it is.
  public var description: String {
    "\(url.path(percentEncoded: false)) \(phrase)"
  }

  /// What the item is, as a sentence about its path continues: "is a symbolic link".
  var phrase: String {
    switch kind {
    case .symbolicLink: "is a symbolic link"
    case .directory: "is a directory"
    case .file: "was created by another program"
    case .special: "is a FIFO, a socket or a device"
    }
  }

  /// The error for the item `status` describes, or `nil` for a regular file.
  init?(url: URL, status: stat) {
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFLNK: self.init(url: url, kind: .symbolicLink)
    case S_IFDIR: self.init(url: url, kind: .directory)
    default: self.init(url: url, kind: .special)
    }
  }
}
