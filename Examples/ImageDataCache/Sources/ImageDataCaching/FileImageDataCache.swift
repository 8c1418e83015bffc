import Dispatch
import Foundation

/// An ``ImageDataCache`` that keeps each URL's data in a file of its own, in a directory, so that
/// it outlives the instance and the process.
///
/// Each file is named by the SHA-256 digest of the URL's key and holds the data exactly. An insert
/// writes a new file and renames it over the old one, so every reader, in this process or another,
/// sees the old data or the new, never part of either. Instances over one directory share its
/// data as it is written; a crash may lose the latest inserts, never leave part of one.
///
/// The cache makes the directory, private to the user, on the first insert. It never follows a
/// symbolic link it did not make: a link in place of its directory or of a file is an error. Its
/// file I/O runs on a dispatch queue of its own, never on Swift's cooperative thread pool.
///
/// ```swift
/// let cache = FileImageDataCache(directory: cachesDirectory.appending(path: "Images"))
/// try await cache.insert(pngData, for: imageURL)
/// let data = try await cache.retrieve(dataFor: imageURL)
/// ```
///
/// A crash between writing a new file and renaming it leaves that file behind, named after the
/// digest with a leading dot and a `.partial` suffix; the cache never reads it, nor removes it.
public final class FileImageDataCache: ImageDataCache {
  /// The directory the cache keeps its files in.
  public let directory: URL
  private let queue = DispatchQueue(label: "FileImageDataCache")

  /// Creates a cache over the files in `directory`, which it makes when it first needs it.
  ///
  /// - Parameter directory: A `file:` URL; every operation throws when it is another kind.
  public init(directory: URL) {
    self.directory = directory
  }

  /// Writes `data` to the URL's file, replacing it whole.
  ///
  /// - Throws: ``FileImageDataCacheError`` when the directory or the file cannot be written; the
  ///   URL's file is then unchanged.
  public func insert(_ data: Data, for url: URL) async throws {
    try await perform(.insert, for: url) { entries, name in try entries.write(data, as: name) }
  }

  /// Reads the URL's file.
  ///
  /// - Throws: ``FileImageDataCacheError`` when the directory or the file exists and cannot be
  ///   read.
  public func retrieve(dataFor url: URL) async throws -> Data? {
    try await perform(.retrieve, for: url) { entries, name in try entries.read(name) }
  }

  /// Removes the URL's file, if there is one.
  ///
  /// - Throws: ``FileImageDataCacheError`` when the directory exists and cannot be changed.
  public func remove(dataFor url: URL) async throws {
    try await perform(.remove, for: url) { entries, name in try entries.remove(name) }
  }

  /// Runs `body` with the directory and the name of the URL's file on the cache's queue, and
  /// says which URL and operation a failure was about.
  private func perform<Value: Sendable>(
    _ operation: FileImageDataCacheError.Operation, for url: URL,
    _ body: @escaping @Sendable (EntryDirectory, String) throws -> Value
  ) async throws -> Value {
    guard directory.isFileURL else {
      throw FileImageDataCacheError(
        operation: operation, url: url, path: directory.absoluteString, reason: .notAFileURL)
    }
    let entries = EntryDirectory(path: directory.path(percentEncoded: false))
    let name = SHA256.hexDigest(of: CacheKey(url).bytes)
    return try await withCheckedThrowingContinuation { continuation in
      queue.async {
        do {
          continuation.resume(returning: try body(entries, name))
        } catch let failure as StorageFailure {
          continuation.resume(
            throwing: FileImageDataCacheError(
              operation: operation, url: url, path: failure.path, reason: failure.reason))
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
  }
}
