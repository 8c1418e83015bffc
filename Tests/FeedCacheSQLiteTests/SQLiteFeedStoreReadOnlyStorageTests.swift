import FeedCache
import FeedCacheSQLite
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// The SQLite store on storage it cannot write to.
///
/// On a volume mounted read-only, or in a directory that is immutable or that the user may not
/// write to, retrieve delivers the cache; insert and delete throw, saying why, and change nothing.
///
/// The mounts and the immutable directory are real and need `FEEDSTORE_OS_FAULTS=1` (as root);
/// the directory another user may not write to runs in a child process as that user, always.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreReadOnlyStorageTests {
  // Before: SQLITE_CANTOPEN on every operation.
  @Test(.requiring(.readOnlyVolume))
  func retrieve_deliversTheCacheOnAReadOnlyVolume() async throws {
    try await onReadOnlyVolume(holding: .closedDatabase) { storeURL, cache in
      let sut = try makeSUT(at: storeURL)

      let retrieved = try await sut.retrieve()

      #expect(retrieved == cache)
    }
  }

  @Test(.requiring(.readOnlyVolume))
  func insertAndDelete_throwNamingTheReadOnlyVolumeAndChangeNothing() async throws {
    try await onReadOnlyVolume(holding: .closedDatabase) { storeURL, cache in
      let sut = try makeSUT(at: storeURL)

      let insertion = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }
      let deletion = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.deleteCachedFeed()
      }

      for (error, operation) in [
        (insertion, "insert the feed"), (deletion, "delete the cached feed"),
      ] {
        #expect(error?.reason == .readOnlyStorage)
        #expect(
          error?.description
            == "Could not \(operation) at \(storeURL.path(percentEncoded: false)): the storage is "
            + "read-only (its volume is mounted read-only), so the cache can be retrieved but not "
            + "changed")
      }
      #expect(try await sut.retrieve() == cache)
    }
  }

  @Test(.requiring(.readOnlyVolume))
  func delete_succeedsOnAReadOnlyVolumeWithNothingCached() async throws {
    try await onReadOnlyVolume(holding: .nothing) { storeURL, _ in
      let sut = try makeSUT(at: storeURL)

      try await sut.deleteCachedFeed()

      #expect(try await sut.retrieve() == nil)
    }
  }

  @Test(.requiring(.readOnlyVolume))
  func retrieve_deliversTheLastCommitOfALogLeftWithItsIndexOnAReadOnlyVolume() async throws {
    try await onReadOnlyVolume(holding: .databaseWithLogAndIndex) { storeURL, cache in
      let sut = try makeSUT(at: storeURL)

      let retrieved = try await sut.retrieve()

      #expect(retrieved == cache)
    }
  }

  // Read as immutable, the file alone would deliver an older cache than the log's.
  @Test(.requiring(.readOnlyVolume))
  func retrieve_throwsSayingWhyWhenALogWithoutItsIndexIsOnAReadOnlyVolume() async throws {
    try await onReadOnlyVolume(holding: .databaseWithLogOnly) { storeURL, _ in
      let sut = try makeSUT(at: storeURL)

      let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

      #expect(
        error?.description
          == "Could not retrieve the cached feed at \(storeURL.path(percentEncoded: false)): the "
          + "storage is read-only (its volume is mounted read-only, and its write-ahead log holds "
          + "commits that SQLite can read only with the log's index (-shm), which it cannot "
          + "create there), so the cache can be retrieved but not changed")
    }
  }

  @Test(.requiring(.immutableDirectory))
  func retrieve_deliversTheCacheInAnImmutableDirectoryAndInsertSaysWhyItCannot() async throws {
    let directory = try TemporaryDirectory.current
    try await OperatingSystemFault.immutableDirectory.withFaultyDirectory(in: directory) {
      immutable in
      let storeURL = immutable.appending(path: "feed.sqlite")
      let cache = try await makeClosedDatabase(at: storeURL)
      try OperatingSystemFault.immutableDirectory.inject(in: immutable)
      let sut = try makeSUT(at: storeURL)

      let retrieved = try await sut.retrieve()
      let insertion = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }

      #expect(retrieved == cache)
      #expect(insertion?.reason == .readOnlyStorage)
      #expect(insertion?.operation == .insert)
      #expect(insertion?.detail == "its directory is immutable")
    }
  }

  // Before: SQLITE_READONLY on retrieve. File modes do not stop root, so the store runs as the
  // user nobody, in a child process, over a database root wrote in a directory of mode 0755.
  @Test func retrieve_deliversTheCacheInADirectoryThisUserMayNotWriteTo() async throws {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let storeURL = directory.appending(path: "feed.sqlite")
      try await makeClosedDatabase(at: storeURL, holding: readOnlyDirectoryCache)
      try #require(chmod(directory.path(percentEncoded: false), 0o755) == 0)
      let reports = reportURL(besides: storeURL).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: false)
      try #require(chmod(reports.path(percentEncoded: false), 0o777) == 0)

      let child = await awaitingExitTestAtHighPriority {
        await retrieveAndInsertAsAnotherUser(at: storeURL)
      }

      if child?.exitStatus != .exitCode(EXIT_SUCCESS) {
        let report = try? String(contentsOf: reportURL(besides: storeURL), encoding: .utf8)
        Issue.record("the store in the child process failed: \(report ?? "no report")")
      }
    }
  }
}

// MARK: - Helpers

/// What a read-only volume holds when the test opens a store on it.
private enum VolumeContent {
  /// Nothing: no database.
  case nothing
  /// A database a store wrote and closed, so its log is checkpointed and gone.
  case closedDatabase
  /// A database whose last commit is still in its log, with the log's index beside it.
  case databaseWithLogAndIndex
  /// The same without the index.
  case databaseWithLogOnly
}

/// Mounts a tmpfs in a temporary directory, puts `content` on it, remounts it read-only and runs
/// `body` with the store's URL and the cache that was last committed, if any.
private func onReadOnlyVolume(
  holding content: VolumeContent, _ body: (URL, CachedFeed?) async throws -> Void
) async throws {
  let directory = try TemporaryDirectory.current
  try await OperatingSystemFault.readOnlyVolume.withFaultyDirectory(in: directory) { volume in
    let storeURL = volume.appending(path: "feed.sqlite")
    let cache: CachedFeed?
    switch content {
    case .nothing:
      cache = nil
    case .closedDatabase:
      cache = try await makeClosedDatabase(at: storeURL)
    case .databaseWithLogAndIndex, .databaseWithLogOnly:
      cache = try await makeDatabaseWithCommitInLog(
        at: storeURL, keepingIndex: content == .databaseWithLogAndIndex, in: directory)
    }
    try OperatingSystemFault.readOnlyVolume.inject(in: volume)
    try await body(storeURL, cache)
  }
}

private func makeSUT(at storeURL: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: storeURL)
}

/// Caches `cache` at `storeURL` with a store that then closes its database.
@discardableResult
private func makeClosedDatabase(
  at storeURL: URL, holding cache: CachedFeed = FeedStoreFixtures.uniqueCachedFeed()
) async throws -> CachedFeed {
  let store = try makeSUT(at: storeURL)
  try await store.insert(cache.feed, timestamp: cache.timestamp)
  await store.closeDatabase()
  return cache
}

/// A database at `storeURL` whose file holds one cache and whose log holds the commit of a later
/// one, as a process killed after that commit leaves it, with or without the log's index.
///
/// The files are copies made while the store still has them open, since a store that closes
/// checkpoints its log into the file; they are built in `scratch`, off the volume.
///
/// - Returns: The later cache, the one the log commits.
private func makeDatabaseWithCommitInLog(
  at storeURL: URL, keepingIndex: Bool, in scratch: URL
) async throws -> CachedFeed {
  let building = scratch.appending(path: "feed.sqlite")
  try await makeClosedDatabase(at: building)
  let store = try makeSUT(at: building)
  let later = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)
  try await store.insert(later.feed, timestamp: later.timestamp)
  let suffixes = keepingIndex ? ["", "-wal", "-shm"] : ["", "-wal"]
  for suffix in suffixes {
    try Data(contentsOf: URL(filePath: building.path(percentEncoded: false) + suffix))
      .write(to: URL(filePath: storeURL.path(percentEncoded: false) + suffix))
  }
  await store.closeDatabase()
  return later
}

/// The cache the child process expects in the directory it may not write to.
private let readOnlyDirectoryCache = CachedFeed(
  feed: FeedStoreFixtures.numberedFeed(1, count: 3),
  timestamp: FeedStoreFixtures.numberedTimestamp(1))

/// Where the child process writes what went wrong: a file in a directory beside the store's
/// file that every user may write to, unlike the store's own.
private func reportURL(besides storeURL: URL) -> URL {
  storeURL.deletingLastPathComponent().appending(path: "reports/child.txt")
}

/// Retrieves from a store over the database at `storeURL` and tries to insert, in a child process
/// that runs as the user `nobody` (65534) when this one is root: the retrieve must deliver
/// ``readOnlyDirectoryCache`` and the insert must throw `readOnlyStorage`.
///
/// An exit test cannot live in a closure, so it is a function of its own. The child writes what
/// went wrong to ``reportURL(besides:)``: its standard error is not collected once it changed
/// users.
private func retrieveAndInsertAsAnotherUser(at storeURL: URL) async -> ExitTest.Result? {
  await #expect(processExitsWith: .success) {
    [path = storeURL.path(percentEncoded: false) as String] in
    let storeURL = URL(filePath: path)
    let report = reportURL(besides: storeURL)
    do {
      if geteuid() == 0 {
        guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0 else {
          throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
      }
      let store = try SQLiteFeedStore(storeURL: storeURL)
      let retrieved = try await store.retrieve()
      guard retrieved == readOnlyDirectoryCache else {
        throw UnexpectedOutcome(description: "retrieve delivered \(String(describing: retrieved))")
      }
      do {
        try await store.insert([], timestamp: .now)
        throw UnexpectedOutcome(description: "the insert succeeded")
      } catch let error as SQLiteFeedStoreError where error.reason == .readOnlyStorage {}
    } catch {
      try? Data("\(error)".utf8).write(to: report)
      exit(EXIT_FAILURE)
    }
  }
}

/// What the child process met instead of what it expected.
private struct UnexpectedOutcome: Error, CustomStringConvertible {
  let description: String
}
