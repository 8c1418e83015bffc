import Foundation

/// A store's directory as the tests find their way around it, the way `DirectoryFeedStore`
/// lays it out: `current` names the feed directory, `.lock` is its lock file.
struct StoreDirectory {
  let url: URL

  init(_ url: URL) {
    self.url = url
  }

  /// Thrown when the directory is not as a store leaves it.
  struct Unexpected: Error {
    let problem: String
  }

  /// The names a store keeps beside its feed directories.
  static let pointer = "current"
  static let lock = ".lock"

  /// The directory of the feed that `current` names.
  func currentFeed() throws -> URL {
    let name = String(
      decoding: try Data(contentsOf: url.appending(path: Self.pointer)), as: UTF8.self)
    return url.appending(path: name)
  }

  /// The first page of the current feed.
  func firstPage() throws -> URL {
    try currentFeed().appending(path: "page-00000000.json")
  }

  /// Every item in the directory that is not part of the storage: what is neither the lock file,
  /// nor `current`, nor the feed it names, such as what a crash left.
  func strayItems() throws -> [String] {
    let current = try? currentFeed().lastPathComponent
    return try FileManager.default.contentsOfDirectory(atPath: url.path(percentEncoded: false))
      .filter { ![Self.lock, Self.pointer, current].contains($0) }
  }
}
