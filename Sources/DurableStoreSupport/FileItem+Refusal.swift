import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sentence in which both durable stores refuse an item they did not make, written once.
extension FileItem {
  /// Why a store leaves this item at `path` alone, and who can remove it so the store works
  /// again, as a sentence about the item's path goes on.
  ///
  /// For an item this user may remove: "is a symbolic link, which the store did not make and
  /// never follows, writes through or removes: remove it to use the store". For another user's
  /// file in a directory such as `/tmp`, where only an entry's owner may remove it: "belongs to
  /// another user, root (uid 0), and the store never writes to or removes another user's file:
  /// only that user, the owner of the directory or an administrator can remove it".
  ///
  /// - Parameter path: Where the item stands.
  /// - Returns: The sentence's predicate, to follow the item's path or name.
  package func refusal(at path: String) -> String {
    let what =
      switch (kind, belongsToAnotherUser) {
      case (.file, true):
        "belongs to \(ownerPhrase), and the store never writes to or removes another user's file"
      case (.file, false):
        "is a file the store did not make, which it never writes to or removes"
      case (_, true):
        "is \(kind.phrase) that belongs to \(ownerPhrase), which the store did not make and never "
          + "follows, writes through or removes"
      case (_, false):
        "is \(kind.phrase), which the store did not make and never follows, writes through or "
          + "removes"
      }
    return "\(what): \(remedy(at: path))"
  }

  /// Who can remove the item at `path`: this user, unless it is another user's in a directory
  /// that lets only an entry's owner remove it (the sticky bit, as on `/tmp`) and this user is
  /// neither the directory's owner nor an administrator.
  private func remedy(at path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    var status = stat()
    guard belongsToAnotherUser, geteuid() != 0,
      stat(directory.isEmpty ? "." : directory, &status) == 0,
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
