import DurableStoreSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something the store did not make stands where a ``FileSystem`` was to read, lock, create or
/// remove a file: a symbolic link, a directory, a file with a second name, a file another
/// program created, or another user's file where the store reads its own.
///
/// ``LocalFileSystem`` throws it rather than follow, read, write through or remove such an item,
/// so that another user who plants a symbolic link or a file in a shared directory such as
/// `/tmp` never gets the store to write where the link points or to read their feed.
/// ``JSONFileFeedStore`` reports it as ``JSONFileFeedStoreError/Reason/foreignSideFile`` at a
/// side file, and at its own path as ``JSONFileFeedStoreError/Reason/notAFile``,
/// ``JSONFileFeedStoreError/Reason/multipleLinks(count:)`` or
/// ``JSONFileFeedStoreError/Reason/anotherUsersFile(owner:)``.
public struct ForeignItemError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What stands at the path.
  public enum Kind: Sendable, Equatable {
    /// A symbolic link, wherever it points, even at nothing.
    case symbolicLink
    /// A directory.
    case directory
    /// A regular file that another program created where a new file was to be created, or one
    /// that belongs to another user, who could have put it there, where a file was to be read.
    case file
    /// A FIFO (a named pipe).
    case fifo
    /// A socket.
    case socket
    /// A character or block device.
    case device
    /// A regular file that has `linkCount` names (hard links): the store never gives a file it
    /// makes a second name, so another program did.
    case linkedFile(linkCount: Int)
  }

  /// Where the item stands.
  public let url: URL
  /// What it is.
  public let kind: Kind
  /// The user who owns it: this process's effective user, unless ``LocalFileSystem`` found
  /// another user's item.
  let owner: uid_t

  /// Creates the error for an item of `kind` at `url`.
  ///
  /// - Parameters:
  ///   - url: Where the item stands.
  ///   - kind: What it is.
  public init(url: URL, kind: Kind) {
    self.init(url: url, kind: kind, owner: geteuid())
  }

  private init(url: URL, kind: Kind, owner: uid_t) {
    self.url = url
    self.kind = kind
    self.owner = owner
  }

  /// The error for `file`, a regular file with more than one name, at `url`.
  init(url: URL, linkedFile file: FileItem) {
    self.init(url: url, kind: .linkedFile(linkCount: file.linkCount), owner: file.owner)
  }

  /// The error for `file`, a regular file of another user's, at `url`.
  init(url: URL, anotherUsersFile file: FileItem) {
    self.init(url: url, kind: .file, owner: file.owner)
  }

  /// The error for `item` at `url`, or `nil` for a regular file, which is what the store uses.
  init?(url: URL, item: FileItem) {
    let kind: Kind
    switch item.kind {
    case .file: return nil
    case .directory: kind = .directory
    case .symbolicLink: kind = .symbolicLink
    case .fifo: kind = .fifo
    case .socket: kind = .socket
    case .device: kind = .device
    }
    self.init(url: url, kind: kind, owner: item.owner)
  }

  /// The item in a sentence: its path, what it is, and what it takes to use the store again.
  public var description: String {
    let path = url.path(percentEncoded: false)
    return "\(path) \(item.refusal(at: path))"
  }

  /// The item as the stores' shared vocabulary describes it.
  var item: FileItem {
    let (itemKind, linkCount): (FileItem.Kind, Int) =
      switch kind {
      case .symbolicLink: (.symbolicLink, 1)
      case .directory: (.directory, 1)
      case .file: (.file, 1)
      case .fifo: (.fifo, 1)
      case .socket: (.socket, 1)
      case .device: (.device, 1)
      case .linkedFile(let linkCount): (.file, linkCount)
      }
    return FileItem(kind: itemKind, owner: owner, linkCount: linkCount)
  }
}
