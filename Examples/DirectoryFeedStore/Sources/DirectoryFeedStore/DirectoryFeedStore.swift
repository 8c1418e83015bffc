import FeedCache
import Foundation

/// A feed store that keeps one JSON file per image, and the timestamp in a file of its own, in
/// a directory.
///
/// An insert writes the new feed beside the current one, in `incoming`, then swaps it in; a
/// delete moves the feed to `trash` before removing it. A file the store did not write where
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
    guard FileManager.default.fileExists(atPath: feedDirectory.path(percentEncoded: false)) else {
      return nil
    }
    let timestamp = try Self.readTimestamp(at: feedDirectory.appending(path: Self.timestampFile))
    let imageFiles = try FileManager.default.contentsOfDirectory(
      at: feedDirectory, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "json" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let feed = try imageFiles.map(Self.readImage(at:))
    return CachedFeed(feed: feed, timestamp: timestamp)
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try clearLeftover(at: incomingDirectory)
    try FileManager.default.createDirectory(
      at: incomingDirectory, withIntermediateDirectories: false)
    let bits = String(timestamp.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    try Data(bits.utf8).write(to: incomingDirectory.appending(path: Self.timestampFile))
    let encoder = JSONEncoder()
    for (index, image) in feed.enumerated() {
      let file = incomingDirectory.appending(path: String(format: "image-%08d.json", index))
      try encoder.encode(StoredImage(image)).write(to: file)
    }
    try discardFeed()
    try FileManager.default.moveItem(at: incomingDirectory, to: feedDirectory)
  }

  public func deleteCachedFeed() throws {
    try discardFeed()
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

  private static func readTimestamp(at url: URL) throws -> Date {
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    guard let bits = UInt64(text, radix: 16) else {
      throw DirectoryFeedStoreError(url: url, problem: "is not a timestamp")
    }
    return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
  }

  private static func readImage(at url: URL) throws -> LocalFeedImage {
    do {
      return try JSONDecoder().decode(StoredImage.self, from: Data(contentsOf: url)).image
    } catch {
      throw DirectoryFeedStoreError(url: url, problem: "is not an image: \(error)")
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
