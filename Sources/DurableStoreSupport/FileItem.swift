import Foundation

/// What stands at a path, as `lstat` finds it without following a link: what kind of item it is,
/// which user owns it, how many names it has and how many bytes it holds.
///
/// The durable stores look before they use a path they keep a file at, and leave alone what they
/// did not make: anything but a regular file, another user's file, or a file with other names.
package struct FileItem: Hashable, Sendable {
  /// What kind of item it is.
  package enum Kind: Hashable, Sendable {
    /// A regular file.
    case file
    /// A directory.
    case directory
    /// A symbolic link, wherever it points, even at nothing.
    case symbolicLink
    /// A FIFO (a named pipe), which blocks whoever opens it for reading until a writer comes.
    case fifo
    /// A socket.
    case socket
    /// A character or block device.
    case device

    /// The kind with its article, as a sentence names it: "a symbolic link".
    package var phrase: String {
      switch self {
      case .file: "a file"
      case .directory: "a directory"
      case .symbolicLink: "a symbolic link"
      case .fifo: "a FIFO"
      case .socket: "a socket"
      case .device: "a device"
      }
    }
  }

  /// What kind of item it is.
  package let kind: Kind
  /// The user who owns it.
  package let owner: uid_t
  /// How many names (hard links) the item has.
  package let linkCount: Int
  /// How many bytes it holds, as its status gives them: a sparse file's whole length, though
  /// its holes take no space on the disk.
  package let size: Int

  /// An item of `kind` that `owner` owns, with `linkCount` names, holding `size` bytes.
  package init(kind: Kind, owner: uid_t, linkCount: Int, size: Int = 0) {
    self.kind = kind
    self.owner = owner
    self.linkCount = linkCount
    self.size = size
  }

  /// The item `status` describes, as `lstat` or `fstat` filled it in.
  package init(_ status: stat) {
    switch status.st_mode & S_IFMT {
    case S_IFREG: kind = .file
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    case S_IFIFO: kind = .fifo
    case S_IFSOCK: kind = .socket
    default: kind = .device
    }
    owner = status.st_uid
    linkCount = Int(status.st_nlink)
    size = Int(status.st_size)
  }

  /// The item at `path`, not following a symbolic link there, or `nil` when nothing is there,
  /// which includes a name too long to exist.
  ///
  /// - Parameter path: The path to look at.
  /// - Throws: A `POSIXError` when `lstat` fails for another reason than a missing item.
  package init?(atPath path: String) throws(POSIXError) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      guard [ENOENT, ENOTDIR, ENAMETOOLONG].contains(errno) else { throw POSIXError.current() }
      return nil
    }
    self.init(status)
  }

  /// Whether a user other than this process's effective user owns it.
  package var belongsToAnotherUser: Bool {
    owner != geteuid()
  }
}
