import FeedCache
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A feed store that keeps each feed in a directory of its own, its images as pages of JSON
/// files, a thousand images a page, beside a file that names the current feed.
///
/// An insert writes the new feed into a new directory, then replaces the file `current`, which
/// names the feed directory, by renaming a new one over it: a crash at any point leaves the old
/// feed or the new one. What a crash leaves (a feed directory nothing names, a `current.new`) is
/// removed by the next insert or delete. Stores over one directory, in one process or several,
/// take turns through an `flock` on `.lock` beside them, shared to read and exclusive to write.
/// The store never writes through a link, and never changes a file it did not make: an
/// operation that meets one throws, naming it. Its file work runs on a queue of its own, never
/// on Swift's cooperative pool.
public final class DirectoryFeedStore: FeedStore, Sendable {
  /// The directory the store keeps its files in; it is created on the first insert.
  public let directory: URL
  /// How the store reaches its files.
  public let files: any DirectoryFiles
  private let queue = DispatchQueue(label: "DirectoryFeedStore")

  /// Opens a store over `directory`, without touching it.
  ///
  /// - Parameters:
  ///   - directory: The directory to keep the feed in; two stores over one directory share their
  ///     cache.
  ///   - files: How the store reaches the files; the real ones by default.
  public init(directory: URL, files: any DirectoryFiles = LocalDirectoryFiles()) {
    self.directory = directory
    self.files = files
  }

  public func retrieve() async throws -> CachedFeed? {
    try await onQueue { [self] in
      guard files.kind(at: directory) != nil else { return nil }
      return try withLock(LOCK_SH) { try currentFeed().map(readFeed(in:)) }
    }
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    // Refuse, before writing anything, a URL that could not be read back from its file.
    for image in feed where URL(string: image.url.absoluteString) == nil {
      throw DirectoryFeedStoreError(url: directory, problem: "cannot keep the URL \(image.url)")
    }
    let pages = try feed.paged(by: Self.pageSize).map { try JSONEncoder().encode(Array($0)) }
    try await onQueue { [self] in
      if files.kind(at: directory) == nil {
        do {
          try files.makeDirectory(at: directory)
        } catch {
          // Another store over the directory may have made it first.
          guard files.kind(at: directory) == .directory else { throw error }
        }
      }
      try withLock(LOCK_EX) {
        let previous = try currentFeed()
        try removeLeftovers(keeping: previous)
        let next = directory.appending(path: "\(Self.feedPrefix)\(UUID().uuidString)")
        do {
          try write(pages, timestamp: timestamp, into: next)
          try files.makeFile(
            at: pointer(Self.nextPointerFile), holding: Data(next.lastPathComponent.utf8))
          try files.move(pointer(Self.nextPointerFile), to: pointer(Self.pointerFile))
        } catch {
          // Nothing names the new feed yet: take back what was written, as far as the files let
          // the store, and leave the rest to the next insert or delete.
          for leftover in [next, pointer(Self.nextPointerFile)]
          where files.kind(at: leftover) != nil {
            try? files.remove(leftover)
          }
          throw error
        }
        // The insert is done once `current` names the new feed: the old one is only a leftover.
        if let previous { try? files.remove(previous) }
      }
    }
  }

  public func deleteCachedFeed() async throws {
    try await onQueue { [self] in
      guard files.kind(at: directory) != nil else { return }
      try withLock(LOCK_EX) {
        let previous = try currentFeed()
        try removeLeftovers(keeping: previous)
        guard let previous else { return }
        try files.remove(pointer(Self.pointerFile))
        // The delete is done once `current` is gone: the feed is only a leftover.
        try? files.remove(previous)
      }
    }
  }

  /// Runs `work` on the store's queue, off Swift's cooperative pool.
  private func onQueue<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value)
    async throws -> Value
  {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result(catching: work)) }
    }
  }

  // MARK: The files

  private static let pointerFile = "current"
  private static let nextPointerFile = "current.new"
  private static let lockFile = ".lock"
  private static let feedPrefix = "feed-"
  private static let timestampFile = "timestamp"
  private static let pageSize = 1_000

  private static func pageName(_ number: Int) -> String {
    String(format: "page-%08d.json", number)
  }

  private func pointer(_ name: String) -> URL { directory.appending(path: name) }

  /// The directory of the current feed, or `nil` when nothing is cached.
  ///
  /// - Throws: An error when `current` is not a file this store wrote, or names nothing it wrote.
  private func currentFeed() throws -> URL? {
    let url = pointer(Self.pointerFile)
    switch files.kind(at: url) {
    case nil:
      return nil
    case .file:
      let name = String(decoding: try files.contents(of: url), as: UTF8.self)
      let feed = directory.appending(path: name)
      guard name.hasPrefix(Self.feedPrefix), !name.contains("/"), files.kind(at: feed) == .directory
      else { throw DirectoryFeedStoreError(url: url, problem: "names no feed of this store") }
      return feed
    case .directory, .other:
      throw DirectoryFeedStoreError(url: url, problem: "is not a file this store wrote")
    }
  }

  /// Writes a new feed directory at `feed`: its timestamp, to the bit, and its pages.
  private func write(_ pages: [Data], timestamp: Date, into feed: URL) throws {
    try files.makeDirectory(at: feed)
    let bits = String(timestamp.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    try files.makeFile(at: feed.appending(path: Self.timestampFile), holding: Data(bits.utf8))
    for (number, page) in pages.enumerated() {
      try files.makeFile(at: feed.appending(path: Self.pageName(number)), holding: page)
    }
  }

  private func readFeed(in feed: URL) throws -> CachedFeed {
    let timestamp = try readTimestamp(at: feed.appending(path: Self.timestampFile))
    let pageNames = try files.names(in: feed).filter { $0 != Self.timestampFile }.sorted()
    guard pageNames == pageNames.indices.map(Self.pageName) else {
      throw DirectoryFeedStoreError(url: feed, problem: "holds files this store did not write")
    }
    let images = try pageNames.flatMap { name in
      let page = feed.appending(path: name)
      do {
        return try JSONDecoder().decode([LocalFeedImage].self, from: files.contents(of: page))
      } catch {
        throw DirectoryFeedStoreError(url: page, problem: "is not a page of images: \(error)")
      }
    }
    return CachedFeed(feed: images, timestamp: timestamp)
  }

  private func readTimestamp(at url: URL) throws -> Date {
    let text = String(decoding: try files.contents(of: url), as: UTF8.self)
    guard let bits = UInt64(text, radix: 16) else {
      throw DirectoryFeedStoreError(url: url, problem: "is not a timestamp")
    }
    return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
  }

  /// Removes what a crash left: feed directories nothing names and a `current.new`; anything
  /// else that is not the store's stays.
  private func removeLeftovers(keeping current: URL?) throws {
    for name in try files.names(in: directory) {
      let isLeftover =
        (name.hasPrefix(Self.feedPrefix) && name != current?.lastPathComponent)
        || name == Self.nextPointerFile
      if isLeftover { try files.remove(directory.appending(path: name)) }
    }
  }

  /// Runs `body` holding the directory's lock, `LOCK_SH` or `LOCK_EX`, opened without
  /// following a link.
  private func withLock<Value>(_ operation: Int32, _ body: () throws -> Value) throws -> Value {
    let lockFile = pointer(Self.lockFile)
    let descriptor = open(
      lockFile.path(percentEncoded: false), O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw DirectoryFeedStoreError(
        url: lockFile, problem: "cannot be opened as this store's lock file (errno \(errno))")
    }
    defer { close(descriptor) }
    guard flock(descriptor, operation) == 0 else {
      throw DirectoryFeedStoreError(url: lockFile, problem: "cannot be locked (errno \(errno))")
    }
    return try body()
  }
}

extension Array {
  /// The array in consecutive pieces of `size` elements, the last one shorter; none when empty.
  fileprivate func paged(by size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
  }
}
