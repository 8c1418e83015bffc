import FeedCache
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A feed store that keeps its images as pages of JSON files, a thousand images a page, and the
/// timestamp in a file of its own, in a directory.
///
/// An insert writes the new feed beside the current one, in `incoming`, then swaps it in; a
/// delete moves the feed to `trash` before removing it. Stores over one directory, in one
/// process or several, take turns through an `flock` on `directory/.lock`: shared to read,
/// exclusive to write. The lock is held for a few file operations and blocks the thread that
/// waits, which an example can afford; a store for production would wait off Swift's pool. A file the store did not write where
/// it stages or discards a feed is never overwritten: the operation throws instead.
public actor DirectoryFeedStore: FeedStore {
  /// The directory the store keeps its files in; it is created on the first insert.
  public nonisolated let directory: URL

  /// Opens a store over `directory`, without touching it.
  ///
  /// - Parameter directory: The directory to keep the feed in; two stores over one directory
  ///   share their cache.
  public init(directory: URL) {
    self.directory = directory
  }

  private var feedDirectory: URL { directory.appending(path: "feed", directoryHint: .isDirectory) }
  private var incomingDirectory: URL { directory.appending(path: "incoming") }
  private var trashDirectory: URL { directory.appending(path: "trash") }

  public func retrieve() throws -> CachedFeed? {
    guard FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)) else {
      return nil
    }
    return try withLock(LOCK_SH) {
      guard FileManager.default.fileExists(atPath: feedDirectory.path(percentEncoded: false))
      else { return nil }
      return try readFeed()
    }
  }

  private func readFeed() throws -> CachedFeed {
    let timestamp = try Self.readTimestamp(at: feedDirectory.appending(path: Self.timestampFile))
    let imageFiles = try FileManager.default.contentsOfDirectory(
      at: feedDirectory, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "json" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let feed = try imageFiles.flatMap(Self.readPage(at:))
    return CachedFeed(feed: feed, timestamp: timestamp)
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    // Refuse, before writing anything, a URL that could not be read back from its file.
    for image in feed where URL(string: image.url.absoluteString) == nil {
      throw DirectoryFeedStoreError(url: directory, problem: "cannot keep the URL \(image.url)")
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try withLock(LOCK_EX) { try replaceFeed(with: feed, timestamp: timestamp) }
  }

  private func replaceFeed(with feed: [LocalFeedImage], timestamp: Date) throws {
    try clearLeftover(at: incomingDirectory)
    try FileManager.default.createDirectory(
      at: incomingDirectory, withIntermediateDirectories: false)
    let bits = String(timestamp.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    try Data(bits.utf8).write(to: incomingDirectory.appending(path: Self.timestampFile))
    let encoder = JSONEncoder()
    for (page, start) in stride(from: 0, to: feed.count, by: Self.pageSize).enumerated() {
      let images = feed[start..<min(start + Self.pageSize, feed.count)].map(StoredImage.init)
      let file = incomingDirectory.appending(path: String(format: "page-%08d.json", page))
      try Self.write(try encoder.encode(images), to: file)
    }
    try discardFeed()
    try FileManager.default.moveItem(at: incomingDirectory, to: feedDirectory)
  }

  public func deleteCachedFeed() throws {
    guard FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)) else {
      return
    }
    try withLock(LOCK_EX) { try discardFeed() }
  }

  /// Runs `body` holding the directory's lock, `LOCK_SH` or `LOCK_EX`.
  private func withLock<Value>(_ operation: Int32, _ body: () throws -> Value) throws -> Value {
    let lockFile = directory.appending(path: ".lock")
    let descriptor = open(lockFile.path(percentEncoded: false), O_RDWR | O_CREAT, 0o644)
    guard descriptor >= 0 else {
      throw DirectoryFeedStoreError(url: lockFile, problem: "cannot be opened (errno \(errno))")
    }
    defer { close(descriptor) }
    guard flock(descriptor, operation) == 0 else {
      throw DirectoryFeedStoreError(url: lockFile, problem: "cannot be locked (errno \(errno))")
    }
    return try body()
  }

  /// Moves the current feed, if any, to `trash` and removes it there.
  private func discardFeed() throws {
    guard FileManager.default.fileExists(atPath: feedDirectory.path(percentEncoded: false)) else {
      return
    }
    try clearLeftover(at: trashDirectory)
    try FileManager.default.moveItem(at: feedDirectory, to: trashDirectory)
    try FileManager.default.removeItem(at: trashDirectory)
  }

  /// Removes a directory an interrupted operation left at `url`, and refuses anything else.
  private func clearLeftover(at url: URL) throws {
    var isDirectory: ObjCBool = false
    guard
      FileManager.default.fileExists(
        atPath: url.path(percentEncoded: false), isDirectory: &isDirectory)
    else { return }
    guard isDirectory.boolValue else {
      throw DirectoryFeedStoreError(url: url, problem: "is a file this store did not write")
    }
    try FileManager.default.removeItem(at: url)
  }

  private static let timestampFile = "timestamp"
  private static let pageSize = 1_000

  /// Writes a file without syncing it: the directory's rename publishes the feed, and a cache
  /// can be fetched again after a power loss. (`Data.write(to:)` syncs every file, which for a
  /// feed of thousands of images costs seconds.)
  private static func write(_ data: Data, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path(percentEncoded: false), contents: data)
    else {
      throw DirectoryFeedStoreError(url: url, problem: "cannot be written")
    }
  }

  private static func readTimestamp(at url: URL) throws -> Date {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    guard let bits = UInt64(text, radix: 16) else {
      throw DirectoryFeedStoreError(url: url, problem: "is not a timestamp")
    }
    return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
  }

  private static func readPage(at url: URL) throws -> [LocalFeedImage] {
    do {
      return try JSONDecoder().decode([StoredImage].self, from: Data(contentsOf: url)).map(\.image)
    } catch {
      throw DirectoryFeedStoreError(url: url, problem: "is not a page of images: \(error)")
    }
  }
}

/// An image as its file holds it.
private struct StoredImage: Codable {
  let id: UUID
  let description: String?
  let location: String?
  let url: URL

  init(_ image: LocalFeedImage) {
    (id, description, location, url) = (image.id, image.description, image.location, image.url)
  }

  var image: LocalFeedImage {
    LocalFeedImage(id: id, description: description, location: location, url: url)
  }
}
