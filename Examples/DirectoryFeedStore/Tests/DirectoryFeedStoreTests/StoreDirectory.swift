import DirectoryFeedStore
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
  static let nextPointer = "current.new"
  static let lock = ".lock"
  /// The name of a feed directory's first page.
  static let firstPageName = "page-00000000.json"

  /// The directory of the feed that `current` names.
  func currentFeed() throws -> URL {
    let name = String(
      decoding: try Data(contentsOf: url.appending(path: Self.pointer)), as: UTF8.self)
    return url.appending(path: name)
  }

  /// The first page of the current feed.
  func firstPage() throws -> URL {
    try currentFeed().appending(path: Self.firstPageName)
  }

  /// Every item in the directory that is not part of the storage: what is neither the lock file,
  /// nor `current`, nor the feed it names, such as what a crash left.
  func strayItems() throws -> [String] {
    let current = try? currentFeed().lastPathComponent
    return try FileManager.default.contentsOfDirectory(atPath: url.path(percentEncoded: false))
      .filter { ![Self.lock, Self.pointer, current].contains($0) }
  }

  /// Every item under the directory by its path in it, as the test's own user finds it, never
  /// following a link.
  ///
  /// A file is its bytes, a directory a marker, a link its destination and the bytes it leads
  /// to. The `unreadable` row's fault is the store's alone, at its boundary, so the test's user
  /// reads every file.
  func items() throws -> [String: Data] {
    var items: [String: Data] = [:]
    try collect(url, under: "", into: &items)
    return items
  }

  private func collect(_ directory: URL, under prefix: String, into items: inout [String: Data])
    throws
  {
    let manager = FileManager.default
    for name in try manager.contentsOfDirectory(atPath: directory.path(percentEncoded: false)) {
      let item = directory.appending(path: name)
      let path = item.path(percentEncoded: false)
      switch LocalDirectoryFiles().kind(at: item) {
      case .file:
        items[prefix + name] = try Data(contentsOf: item)
      case .directory:
        items[prefix + name] = Data("a directory".utf8)
        try collect(item, under: prefix + name + "/", into: &items)
      case .other:
        let destination = try manager.destinationOfSymbolicLink(atPath: path)
        let target = (try? Data(contentsOf: item)) ?? Data()
        items[prefix + name] = Data("a link to \(destination): ".utf8) + target
      case nil:
        continue
      }
    }
  }
}
