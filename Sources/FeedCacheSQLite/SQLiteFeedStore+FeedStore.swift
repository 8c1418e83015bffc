import FeedCache
import Foundation

extension SQLiteFeedStore: FeedStore {
  /// Removes the cached feed, if any, in one write transaction, and shrinks the file and its log.
  ///
  /// A file of the store's own that cannot be read (see
  /// ``SQLiteFeedStoreError/Reason/damagedStorage``) is removed with its side
  /// files; a missing file stays missing.
  ///
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be changed, for example
  ///   `SQLITE_BUSY` when another connection holds the write lock past ``busyTimeout``, or when the
  ///   file is not the store's to change; the storage is then left as it was.
  public func deleteCachedFeed() async throws {
    try await storage.run { storage in
      try SQLiteFeedStoreError.reporting(.delete) { try storage.delete() }
    }
  }

  /// Replaces the cached feed with `feed`, cached at `timestamp`, in one write transaction.
  ///
  /// A missing file is created, and a file of the store's own that cannot be read is replaced.
  ///
  /// - Parameters:
  ///   - feed: The images to cache, in order; duplicates are kept. An empty array caches an empty
  ///     feed. Each URL is stored as its `absoluteString`.
  ///   - timestamp: When the feed was cached; stored bit for bit.
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be changed or is not the store's
  ///   to change, or with the reason ``SQLiteFeedStoreError/Reason/nonFiniteTimestamp`` or
  ///   ``SQLiteFeedStoreError/Reason/unrepresentableURL(imageIndex:)`` for a timestamp or a URL
  ///   that would not read back; the previous cache is then left as it was.
  public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    try await storage.run { storage in
      try SQLiteFeedStoreError.reporting(.insert) { try storage.insert(feed, timestamp: timestamp) }
    }
  }

  /// Delivers the cached feed, read in one transaction so it is never half of a write.
  ///
  /// It never writes to the file, and a missing file is not created.
  ///
  /// - Returns: The cached feed, or `nil` when nothing is cached (or there is no file yet).
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be read:
  ///   ``SQLiteFeedStoreError/Reason/damagedStorage`` for a file of the store's
  ///   own that cannot be read, a refusal for a file that is not the store's, or
  ///   ``SQLiteFeedStoreError/Reason/corruptRow(table:row:column:)`` when a stored
  ///   value does not decode; nothing is changed.
  public func retrieve() async throws -> CachedFeed? {
    try await storage.run { storage in
      try SQLiteFeedStoreError.reporting(.retrieve) { try storage.retrieve() }
    }
  }
}

// MARK: - Test support

extension SQLiteFeedStore {
  /// Creates the database file when it is missing (or replaces the store's damaged file) and
  /// opens it, as the first insert would, without caching anything.
  ///
  /// For test support that changes a store's database from a second connection before the store
  /// has written to it.
  ///
  /// - Throws: ``SQLiteFeedStoreError`` when the database cannot be created or opened.
  package func createDatabaseIfNeeded() async throws {
    try await storage.run { storage in
      try SQLiteFeedStoreError.reporting(.insert) { try storage.createDatabaseIfNeeded() }
    }
  }

  /// Closes the store's connection to its file now, on its queue; the next operation opens it
  /// again.
  ///
  /// For test support that needs the file closed at a known moment, such as before changing its
  /// bytes: a store that goes away closes its connection too, but later, on its queue.
  package func closeDatabase() async {
    await storage.run { $0.closeDatabase() }
  }
}
