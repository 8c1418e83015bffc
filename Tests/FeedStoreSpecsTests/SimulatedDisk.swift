import Foundation

/// Files and directories in memory, as ``DiskFeedStore`` keeps its storage: a disk that specs can
/// damage byte by byte and that stores over one instance share.
///
/// `@unchecked Sendable` is safe: `items` is only read or written while `lock` is held. The
/// locks are `NSLock`s, not `Mutex`es: the concurrency specs contend for them, and on Linux the
/// thread sanitizer misreports a contended `Mutex` but understands the pthread mutex under
/// `NSLock`.
final class SimulatedDisk: @unchecked Sendable {
  enum Item: Hashable, Sendable {
    case file(Data)
    case directory
    /// A file whose every read fails, as a bad sector does.
    case unreadableFile(Data)
    /// A symbolic link to the item called `target`.
    case link(to: String)
  }

  struct ReadError: Error, CustomStringConvertible {
    var description: String { "input/output error" }
  }

  private let lock = NSLock()
  private let writerLock = NSLock()
  private var items: [String: Item] = [:]

  /// Runs `body` as the disk's only writer, as a lock file makes a real store's writers take
  /// turns: one store's temporary file is never a stray that another store removes.
  func asOnlyWriter<Result>(_ body: () throws -> Result) rethrows -> Result {
    try writerLock.withLock(body)
  }

  func item(named name: String) -> Item? {
    lock.withLock { items[name] }
  }

  func setItem(_ item: Item?, named name: String) {
    lock.withLock { items[name] = item }
  }

  func names() -> [String] {
    lock.withLock { Array(items.keys) }
  }
}
