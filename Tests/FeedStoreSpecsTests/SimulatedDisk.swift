import Foundation
import Synchronization

/// Files and directories in memory, as ``DiskFeedStore`` keeps its storage: a disk that specs can
/// damage byte by byte and that stores over one instance share.
final class SimulatedDisk: Sendable {
  enum Item: Hashable, Sendable {
    case file(Data)
    case directory
    /// A file whose every read fails, as a bad sector does.
    case unreadableFile(Data)
  }

  struct ReadError: Error, CustomStringConvertible {
    var description: String { "input/output error" }
  }

  private let items = Mutex<[String: Item]>([:])

  func item(named name: String) -> Item? {
    items.withLock { $0[name] }
  }

  func setItem(_ item: Item?, named name: String) {
    items.withLock { $0[name] = item }
  }

  func names() -> [String] {
    items.withLock { Array($0.keys) }
  }
}
