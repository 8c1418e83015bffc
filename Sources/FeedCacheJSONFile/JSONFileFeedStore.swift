import DurableStoreSupport
import FeedCache
import Foundation

/// A `FeedStore` that keeps its feed as one JSON file.
///
/// ```swift
/// let store = try JSONFileFeedStore(storeURL: cachesDirectory.appending(path: "feed.json"))
/// try await store.insert(feed, timestamp: .now)
/// ```
///
/// **Durability.** An insert writes the new cache to a temporary file of a new name beside the
/// store file (`.<name>.<UUID>.tmp`), flushes it with `fsync`, renames it over the store file and
/// flushes the directory, so once it returns the new cache survives a crash or a power loss, and
/// a crash at any moment leaves the old cache or the new one, never a torn file. A delete unlinks
/// the file and flushes the directory. Insert and delete hold an exclusive `flock` on a lock file
/// beside the store file (`.<name>.lock`, removed again afterwards), so instances in other tasks
/// or processes take turns; one waits for the lock up to ``LocalFileSystem/lockTimeout`` (five
/// seconds by default), then fails, so a holder that is stopped never blocks it for good. A
/// temporary file found while holding the lock was left by a writer that died, and is removed
/// when this user may remove it (so is the `.<name>.tmp` of earlier versions of this store). Both
/// names stay within 255 bytes for any valid store file name. Retrieve takes no lock: it reads
/// the old file or the new one.
///
/// **Shared directories.** The store never writes through a symbolic link, so another user of a
/// directory such as `/tmp` cannot make it write elsewhere: the temporary file is created only
/// where nothing is (`O_EXCL`), at a name nobody can take ahead of it, and the lock file is
/// opened without following a link. A link, a directory or another item the store did not make,
/// standing where it keeps its lock file, makes insert and delete throw
/// ``JSONFileFeedStoreError/Reason/foreignSideFile``, naming it and who can remove it, and is left
/// as it is. The lock file is opened read-only, so one that another user owns or that nobody may
/// write still locks. A file of another user's at the store's own path, which anyone may plant
/// in such a directory, every operation refuses with
/// ``JSONFileFeedStoreError/Reason/anotherUsersFile(owner:)``, naming the owner and who can
/// remove it, without reading it; only in a directory this user may not write to, which that
/// user owns too, is it read as the cache (and never changed). What the other users of a
/// directory without the sticky bit can still do is remove the cache, or replace it with a file
/// of theirs, which is then refused: keep a cache that matters in a directory only its user can
/// write.
///
/// **Concurrency.** The file work runs on a serial queue of each instance, never blocking the
/// Swift concurrency pool; the calls of one instance run in the order they are made.
///
/// **Values.** Timestamps keep their exact bit pattern. A URL is kept as its `absoluteString`,
/// and `retrieve` delivers `URL(string: url.absoluteString)`: the same URL, except that a URL
/// relative to a base comes back as the absolute URL it resolves to. An insert refuses, before
/// anything is written, a timestamp that is NaN or infinite and a URL that would not read back
/// that way.
///
/// **Damaged storage.** A missing file retrieves as `nil`. A file that cannot be read is an
/// error that names it and says what is wrong and where, and retrieve leaves it as it is. A
/// corrupt file of this store's format (empty, truncated, not JSON, the wrong shape or value
/// types), or one that cannot be read at all, is replaced by an insert and removed by a delete.
/// A file of a newer format version, and what the store never makes at its path (a directory, a
/// symbolic link, a FIFO, a file with a second name), are refused by every operation and never
/// modified; retrieve reads nothing through a link, and never more than the file's size. A file
/// larger than ``maximumFileSize``, the largest cache the store writes, is not read at all:
/// retrieve throws ``JSONFileFeedStoreError/Reason/fileTooLarge(bytes:limit:)``, an insert
/// replaces it and a delete removes it. Opening a store never touches the disk.
public struct JSONFileFeedStore: FeedStore {
  /// The most bytes the store's file holds, 1 GiB: an insert refuses a feed whose cache would
  /// be larger, and every operation takes a larger file for one the store did not write, and
  /// reads none of it.
  public static let maximumFileSize: Int = StoreFileSize.limit

  /// The file that holds the cache.
  public let storeURL: URL
  /// How the store reaches the disk.
  public let fileSystem: any FileSystem
  /// The most bytes the store's file holds: ``maximumFileSize`` unless a test sets another.
  private let maximumFileSize: Int
  private let fileWork: BlockingWorkQueue<StoreFile>

  /// Creates a store over the JSON file at `storeURL`, which need not exist yet.
  ///
  /// - Parameters:
  ///   - storeURL: The file that holds the cache, a `file:` URL. Its directory must exist.
  ///   - fileSystem: How the store reaches the disk; the real one by default.
  /// - Throws: A ``JSONFileFeedStoreError`` with the reason
  ///   ``JSONFileFeedStoreError/Reason/notAFileURL`` for a URL that is not a file URL, such as
  ///   an `https:` URL, which names no file to keep the cache in. Never for what is (or is not)
  ///   at the URL: making a store does not touch the disk.
  public init(storeURL: URL, fileSystem: any FileSystem = LocalFileSystem()) throws {
    try self.init(storeURL: storeURL, fileSystem: fileSystem, maximumFileSize: Self.maximumFileSize)
  }

  /// Creates a store whose file holds at most `maximumFileSize` bytes, for tests of the bound
  /// that cannot afford a file of ``maximumFileSize``.
  ///
  /// - Parameters:
  ///   - storeURL: The file that holds the cache, a `file:` URL.
  ///   - fileSystem: How the store reaches the disk.
  ///   - maximumFileSize: The most bytes the store writes to its file or reads from it.
  /// - Throws: What ``init(storeURL:fileSystem:)`` throws.
  package init(storeURL: URL, fileSystem: any FileSystem, maximumFileSize: Int) throws {
    guard storeURL.isFileURL else {
      throw JSONFileFeedStoreError(
        .open, .notAFileURL, at: storeURL,
        detail: storeURL.scheme.map { "its scheme is \($0)" } ?? "it has no scheme")
    }
    self.storeURL = storeURL
    self.fileSystem = fileSystem
    self.maximumFileSize = maximumFileSize
    fileWork = BlockingWorkQueue(
      label: "FeedCacheJSONFile.JSONFileFeedStore",
      state: StoreFile(
        layout: StoreFileLayout(storeURL: storeURL), fileSystem: fileSystem,
        maximumSize: maximumFileSize))
  }

  /// Removes the cached feed, if any, and a corrupt store file.
  ///
  /// - Throws: A ``JSONFileFeedStoreError`` when the file cannot be removed, or when the path
  ///   holds a newer format's file or a directory, which this store does not remove.
  public func deleteCachedFeed() async throws {
    try await fileWork.run { (storeFile) throws(JSONFileFeedStoreError) in
      try storeFile.remove()
    }
  }

  /// Replaces the cached feed, and a corrupt store file, with `feed` cached at `timestamp`.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order.
  ///   - timestamp: When the feed was cached.
  /// - Throws: A ``JSONFileFeedStoreError`` when a value cannot be stored, when the cache would
  ///   be larger than ``maximumFileSize``, when the file cannot be written, or when the path
  ///   holds a newer format's file, a directory or another user's file, which this store does
  ///   not overwrite. The previous cache is then unchanged.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    let data: Data
    do throws(FeedCacheJSONWriter.Refusal) {
      data = try FeedCacheJSONWriter.encode(feed: feed, timestamp: timestamp)
    } catch {
      throw JSONFileFeedStoreError(.insert, at: storeURL, refusal: error)
    }
    guard data.count <= maximumFileSize else {
      throw JSONFileFeedStoreError(
        .insert, .cacheTooLarge(limit: maximumFileSize), at: storeURL,
        detail: StoreFileSize.refusal(ofCacheHolding: data.count, limit: maximumFileSize))
    }
    try await fileWork.run { (storeFile) throws(JSONFileFeedStoreError) in
      try storeFile.replace(with: data)
    }
  }

  /// Delivers the cached feed.
  ///
  /// - Returns: The cached feed, or `nil` when there is no store file.
  /// - Throws: A ``JSONFileFeedStoreError`` when the file cannot be read or decoded; the file is
  ///   left as it is.
  public func retrieve() async throws -> CachedFeed? {
    let data = try await fileWork.run { (storeFile) throws(JSONFileFeedStoreError) in
      try storeFile.contents(for: .retrieve)
    }
    guard let data else { return nil }
    do throws(FeedCacheFormatError) {
      return try FeedCacheJSONReader.decode(data)
    } catch {
      throw JSONFileFeedStoreError(.retrieve, at: storeURL, formatError: error)
    }
  }
}
