import FeedCache
import FeedCacheSQLite
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// What the store does with a database file it did not write at its own path: another user's,
/// which anyone may plant in a directory such as `/tmp`, or one larger than any cache it writes.
///
/// Another user's file is refused by every operation before SQLite opens it, naming the owner
/// and who can remove it. A file past ``SQLiteFeedStore/maximumFileSize`` is not opened either:
/// it is the store's own damaged storage, which insert replaces and delete removes. Every file
/// is real; the large ones are sparse, so they take no space.
@Suite(.temporaryDirectory) struct SQLiteFeedStorePlantedFileTests {
  // MARK: Another user's file

  // Before: retrieve delivered the planted feed, and insert and delete failed for good with
  // "SQLITE_READONLY: attempt to write a readonly database", naming no one. Root plants the
  // database in a directory of mode 1777; the store runs as nobody, in a child process.
  @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
  func operations_refuseADatabaseAnotherUserPlantedNamingWhoCanRemoveIt() async throws {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let shared = directory.appending(path: "shared", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      try #require(chmod(path(of: shared), 0o1777) == 0)
      let storeURL = try await makeCommittedStorage(at: shared.appending(path: "feed.sqlite"))
      let before = try Data(contentsOf: storeURL)

      let child = await awaitingExitTestAtHighPriority {
        await operateAsAnotherUser(in: shared)
      }

      #expect(child?.exitStatus == .exitCode(EXIT_SUCCESS))
      let refusal =
        "the database file belongs to another user, root (uid 0), and the store never reads, "
        + "writes to or removes another user's file: only that user, the owner of the directory "
        + "or an administrator can remove it"
      let expected = ["retrieve the cached feed", "insert the feed", "delete the cached feed"].map {
        "Could not \($0) at \(path(of: storeURL)): \(refusal)"
      }
      let report = try String(contentsOf: anotherUsersReport(in: shared), encoding: .utf8)
      #expect(report == expected.joined(separator: "\n"))
      #expect(try Data(contentsOf: storeURL) == before)
      #expect(try sideFiles(of: storeURL).isEmpty)
    }
  }

  // Root may remove the file, so the remedy is to remove it; SQLite still never opens it.
  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func retrieve_refusesAnotherUsersDatabaseInADirectoryThisUserMayWriteTo() async throws {
    let storeURL = try await makeCommittedStorage(ownedBy: 65534)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .anotherUsersFile(owner: 65534))
    #expect(
      error?.detail
        == "belongs to another user, nobody (uid 65534), and the store never reads, writes to or "
        + "removes another user's file: remove it to use the store")
    #expect(try sideFiles(of: storeURL).isEmpty)
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func insert_worksAgainOnceAnotherUsersDatabaseIsRemoved() async throws {
    let storeURL = try await makeCommittedStorage(ownedBy: 65534)
    let sut = try makeSUT(at: storeURL)
    let next = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)
    await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(next.feed, timestamp: next.timestamp)
    }

    try FileManager.default.removeItem(at: storeURL)
    try await sut.insert(next.feed, timestamp: next.timestamp)

    #expect(try await sut.retrieve() == next)
  }

  // MARK: A file larger than any cache

  // A real database's pages, then a hole up to 3 GiB: SQLite would open it, and its quick check
  // would read every page the header claims.
  @Test func retrieve_refusesASparseDatabaseLargerThanAnyCacheFromItsSizeAlone() async throws {
    let storeURL = try await makeSparseDatabase(of: Self.sparseSize)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    let limit = SQLiteFeedStore.maximumFileSize
    #expect(error?.reason == .damagedStorage)
    #expect(
      error?.description
        == "Could not retrieve the cached feed at \(path(of: storeURL)): the file is "
        + "\(Self.sparseSize) bytes, more than the \(limit) bytes a cache of the store can be, so "
        + "it was not read; inserting a feed replaces the file and deleting the cache removes it")
  }

  @Test func insert_replacesASparseDatabaseLargerThanAnyCache() async throws {
    let storeURL = try await makeSparseDatabase(of: Self.sparseSize)
    let sut = try makeSUT(at: storeURL)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
  }

  @Test func delete_removesASparseDatabaseLargerThanAnyCache() async throws {
    let storeURL = try await makeSparseDatabase(of: Self.sparseSize)
    let sut = try makeSUT(at: storeURL)

    try await sut.deleteCachedFeed()

    #expect(!FileManager.default.fileExists(atPath: path(of: storeURL)))
  }

  // What insert writes, retrieve reads: the database never grows past the limit.
  @Test func insert_refusesAFeedWhoseDatabaseWouldBeLargerThanTheLimitAndKeepsThePrevious()
    async throws
  {
    let storeURL = try TemporaryDirectory.current.appending(path: "feed.sqlite")
    let sut = try makeSUT(at: storeURL, maximumFileSize: Self.smallLimit)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    let larger = (0..<40).map { _ in
      LocalFeedImage(
        id: UUID(), description: String(repeating: "x", count: 2_000), location: nil,
        url: URL(string: "https://a-url.com")!)
    }

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(larger, timestamp: .now)
    }

    #expect(error?.reason == .cacheTooLarge(limit: Self.smallLimit))
    let description = error?.description ?? ""
    #expect(
      description.hasPrefix(
        "Could not insert the feed at \(path(of: storeURL)): the feed's cache would be "))
    #expect(
      description.hasSuffix(
        " bytes, more than the \(Self.smallLimit) bytes a cache of the store can be; nothing was "
          + "written"))
    #expect(try await sut.retrieve() == previous)
    await sut.closeDatabase()
    #expect(try Data(contentsOf: storeURL).count <= Self.smallLimit)
  }

  // MARK: - Helpers

  /// 3 GiB, as the sparse file another user planted was.
  private static let sparseSize = 3 << 30

  /// A limit a few small caches fit in, and 40 images of 2,000 bytes each do not.
  private static let smallLimit = 64 << 10

  private func makeSUT(
    at storeURL: URL, maximumFileSize: Int = SQLiteFeedStore.maximumFileSize
  ) throws -> SQLiteFeedStore {
    try SQLiteFeedStore(
      storeURL: storeURL, busyTimeout: SQLiteFeedStore.defaultBusyTimeout,
      maximumFileSize: maximumFileSize)
  }

  /// A database holding a cache, closed by the store that wrote it, so only the file is left.
  private func makeCommittedStorage(at storeURL: URL) async throws -> URL {
    let store = try makeSUT(at: storeURL)
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    try await store.insert(cache.feed, timestamp: cache.timestamp)
    await store.closeDatabase()
    return storeURL
  }

  /// A database holding a cache, given to the user `owner`.
  private func makeCommittedStorage(ownedBy owner: uid_t) async throws -> URL {
    let storeURL = try await makeCommittedStorage(
      at: try TemporaryDirectory.current.appending(path: "feed.sqlite"))
    try #require(chown(path(of: storeURL), owner, owner) == 0)
    return storeURL
  }

  /// A database holding a cache, extended by a hole to `size` bytes.
  private func makeSparseDatabase(of size: Int) async throws -> URL {
    let storeURL = try await makeCommittedStorage(
      at: try TemporaryDirectory.current.appending(path: "feed.sqlite"))
    try #require(truncate(path(of: storeURL), off_t(size)) == 0)
    return storeURL
  }

  /// The side files SQLite keeps beside the database at `storeURL` that exist.
  private func sideFiles(of storeURL: URL) throws -> [String] {
    ["-wal", "-shm", "-journal"].filter {
      FileManager.default.fileExists(atPath: path(of: storeURL) + $0)
    }
  }
}

/// Where the child process that runs as another user writes what its operations threw.
private func anotherUsersReport(in directory: URL) -> URL {
  directory.appending(path: "report.txt")
}

/// Retrieves from, inserts into and deletes the cache of a store over `feed.sqlite` in
/// `directory`, in a child process that runs as the user `nobody` (65534), and writes what each
/// operation threw (or what it did), a line each, to ``anotherUsersReport(in:)``.
///
/// An exit test cannot live in a closure, so it is a function of its own; the child's standard
/// error is not collected once it changed users.
private func operateAsAnotherUser(in directory: URL) async -> ExitTest.Result? {
  await #expect(processExitsWith: .success) {
    [path = directory.path(percentEncoded: false) as String] in
    let directory = URL(filePath: path, directoryHint: .isDirectory)
    guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0,
      let store = try? SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    else { exit(EXIT_FAILURE) }
    let outcomes = [
      await outcome("retrieved") { _ = try await store.retrieve() },
      await outcome("inserted") {
        try await store.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      },
      await outcome("deleted") { try await store.deleteCachedFeed() },
    ]
    do {
      try Data(outcomes.joined(separator: "\n").utf8).write(to: anotherUsersReport(in: directory))
    } catch {
      exit(EXIT_FAILURE)
    }
  }
}

/// `done` once `operation` succeeds, or the description of what it threw.
private func outcome(_ done: String, of operation: () async throws -> Void) async -> String {
  do {
    try await operation()
    return done
  } catch {
    return "\(error)"
  }
}

private func path(of url: URL) -> String {
  url.path(percentEncoded: false)
}
