import Foundation

/// How both durable stores name an item they did not make, and the sentence in which they refuse
/// it, written once.
extension FileItem {
  /// The item as a sentence names it: "a symbolic link", "a file that belongs to another user,
  /// root (uid 0)".
  package var phrase: String {
    guard belongsToAnotherUser else { return kind.phrase }
    return "\(kind.phrase) that belongs to \(ownerPhrase)"
  }

  /// Why a store leaves this item at `path` alone, and who can remove it so the store works
  /// again, as a sentence about the item's path goes on.
  ///
  /// For an item this user may remove: "is a symbolic link, which the store did not make and
  /// never follows, writes through or removes: remove it to use the store". For another user's
  /// file in a directory such as `/tmp`, where only an entry's owner may remove it: "is a file
  /// that belongs to another user, root (uid 0), which the store never writes to or removes:
  /// only that user, the owner of the directory or an administrator can remove it". For a file
  /// with other names: "has 2 names (hard links), which the store never gives a file it makes:
  /// remove the other names to use the store".
  ///
  /// - Parameter path: Where the item stands.
  /// - Returns: The sentence's predicate, to follow the item's path or name.
  package func refusal(at path: String) -> String {
    switch kind {
    case .file where belongsToAnotherUser:
      "is \(phrase), which the store never writes to or removes: \(remedy(at: path))"
    case .file where linkCount > 1:
      "has \(linkCount) names (hard links), which the store never gives a file it makes: remove "
        + "the other names to use the store"
    case .file:
      "is a file the store did not make, which it never writes to or removes: "
        + remedy(at: path)
    default:
      "is \(phrase), which the store did not make and never follows, writes through or removes: "
        + remedy(at: path)
    }
  }

  /// Whether a store must leave this item, found at the store's own `path`, unread and unchanged:
  /// it belongs to another user, who could have put it there.
  ///
  /// That is any file of another user's, but for one in a directory that this user may not
  /// write to (or on a read-only volume) and that the file's owner owns too: storage its owner
  /// provisioned, where nobody else could have put it, which a store reads and never changes.
  /// In a directory anyone may write to, such as `/tmp`, another user's file is never the
  /// store's.
  ///
  /// - Parameter path: Where the item stands.
  /// - Returns: Whether the store must refuse the item.
  package func isAnotherUsers(at path: String) -> Bool {
    guard belongsToAnotherUser else { return false }
    let directory = Self.directory(of: path)
    var status = stat()
    guard stat(directory, &status) == 0, status.st_uid == owner else { return true }
    return faccessat(AT_FDCWD, directory, W_OK, AT_EACCESS) == 0
  }

  /// Why a store leaves another user's file at its own `path` (see ``isAnotherUsers(at:)``)
  /// unread and unchanged, and who can remove it, as a sentence about the file goes on:
  /// "belongs to another user, nobody (uid 65534), and the store never reads, writes to or
  /// removes another user's file: only that user, the owner of the directory or an
  /// administrator can remove it".
  ///
  /// - Parameter path: Where the file stands.
  /// - Returns: The sentence's predicate, to follow "the file".
  package func anotherUsersFileRefusal(at path: String) -> String {
    "belongs to \(ownerPhrase), and the store never reads, writes to or removes another user's "
      + "file: \(remedy(at: path))"
  }

  /// The directory that holds the item at `path`.
  private static func directory(of path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? "." : directory
  }

  /// Who can remove the item at `path`: this user, unless it is another user's in a directory
  /// that lets only an entry's owner remove it (the sticky bit, as on `/tmp`) and this user is
  /// neither the directory's owner nor an administrator.
  private func remedy(at path: String) -> String {
    var status = stat()
    guard belongsToAnotherUser, geteuid() != 0, stat(Self.directory(of: path), &status) == 0,
      status.st_mode & S_ISVTX != 0, status.st_uid != geteuid()
    else { return "remove it to use the store" }
    return "only that user, the owner of the directory or an administrator can remove it"
  }

  /// The owner, as "another user, root (uid 0)", or "another user (uid 1042)" when the user
  /// database has no name for the id.
  private var ownerPhrase: String {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4_096)
    guard getpwuid_r(owner, &entry, &buffer, buffer.count, &found) == 0, let found else {
      return "another user (uid \(owner))"
    }
    return "another user, \(String(cString: found.pointee.pw_name)) (uid \(owner))"
  }
}
