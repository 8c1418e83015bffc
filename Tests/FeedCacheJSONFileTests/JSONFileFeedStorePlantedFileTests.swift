import FeedCache
import FeedCacheJSONFile
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// What the store does with a file it did not write at its own path: another user's, which
/// anyone may plant in a directory such as `/tmp`, or one larger than any cache it writes.
///
/// Another user's file is refused by every operation, unread, naming the owner and who can
/// remove it. A file past ``JSONFileFeedStore/maximumFileSize`` is not read either: it is the
/// store's own damaged storage, which insert replaces and delete removes. Every file is real;
/// the large ones are sparse, so they take no space.
@Suite(.temporaryDirectory) struct JSONFileFeedStorePlantedFileTests {
  // MARK: Another user's file

  // Before: retrieve delivered the planted feed, and insert and delete failed for good with
  // "Operation not permitted", naming no one. Root plants the file in a directory of mode 1777;
  // the store runs as nobody, in a child process.
  @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
  func operations_refuseAFileAnotherUserPlantedNamingWhoCanRemoveIt() async throws {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let shared = try makeSharedDirectory(in: directory)
      let storeURL = shared.appending(path: "feed.json")
      let planted = FeedStoreFixtures.uniqueCachedFeed()
      try await makeSUT(at: storeURL).insert(planted.feed, timestamp: planted.timestamp)
      let before = try Data(contentsOf: storeURL)

      let child = await awaitingExitTestAtHighPriority {
        await operateAsAnotherUser(in: shared)
      }

      #expect(child?.exitStatus == .exitCode(EXIT_SUCCESS))
      let path = storeURL.path(percentEncoded: false)
      let refusal =
        "the file belongs to another user, root (uid 0), and the store never reads, writes to or "
        + "removes another user's file: only that user, the owner of the directory or an "
        + "administrator can remove it"
      let refused = "it is left untouched, and insert and delete refuse it too"
      let kept = "this store does not overwrite it, so it is left untouched"
      let expected: [String] = [
        "Cannot retrieve the feed cache at \(path): \(refusal); \(refused).",
        "Cannot insert into the feed cache at \(path): \(refusal); \(kept).",
        "Cannot delete the feed cache at \(path): \(refusal); \(kept).",
      ]
      let report = try String(contentsOf: anotherUsersReport(in: shared), encoding: .utf8)
      #expect(report == expected.joined(separator: "\n"))
      #expect(try Data(contentsOf: storeURL) == before)
    }
  }

  // Root may remove the file, so the remedy is to remove it; the store still reads none of it.
  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func retrieve_refusesAnotherUsersFileInADirectoryThisUserMayWriteTo() async throws {
    let storeURL = try await makeCachedFile(ownedBy: 65534)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .anotherUsersFile(owner: 65534))
    #expect(
      error?.detail
        == "belongs to another user, nobody (uid 65534), and the store never reads, writes to or "
        + "removes another user's file: remove it to use the store")
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func insert_worksAgainOnceAnotherUsersFileIsRemoved() async throws {
    let storeURL = try await makeCachedFile(ownedBy: 65534)
    let sut = try makeSUT(at: storeURL)
    let next = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)
    await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(next.feed, timestamp: next.timestamp)
    }

    try FileManager.default.removeItem(at: storeURL)
    try await sut.insert(next.feed, timestamp: next.timestamp)

    #expect(try await sut.retrieve() == next)
  }

  // MARK: A file larger than any cache

  // Before: the 3 GiB sparse file was read whole, in 16 to 29 s and 3.17 GB.
  @Test func retrieve_refusesASparseFileLargerThanAnyCacheFromItsSizeAlone() async throws {
    let storeURL = try makeSparseFile(of: Self.sparseSize)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    let limit = JSONFileFeedStore.maximumFileSize
    #expect(error?.reason == .fileTooLarge(bytes: Self.sparseSize, limit: limit))
    #expect(
      error?.description
        == "Cannot retrieve the feed cache at \(storeURL.path(percentEncoded: false)): the file "
        + "is \(Self.sparseSize) bytes, more than the \(limit) bytes a cache of the store can be, "
        + "so it was not read; the file is left untouched; an insert replaces it and a delete "
        + "removes it.")
  }

  @Test func insert_replacesASparseFileLargerThanAnyCache() async throws {
    let storeURL = try makeSparseFile(of: Self.sparseSize)
    let sut = try makeSUT(at: storeURL)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
  }

  @Test func delete_removesASparseFileLargerThanAnyCache() async throws {
    let storeURL = try makeSparseFile(of: Self.sparseSize)
    let sut = try makeSUT(at: storeURL)

    try await sut.deleteCachedFeed()

    #expect(!FileManager.default.fileExists(atPath: storeURL.path(percentEncoded: false)))
  }

  // What insert writes, retrieve reads: a cache of exactly the limit is kept.
  @Test func insertAndRetrieve_keepACacheOfExactlyTheLimit() async throws {
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    let limit = try await sizeOfCache(cache)
    let sut = try makeSUT(at: try storeURL(), maximumFileSize: limit)

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
  }

  @Test func insert_refusesAFeedWhoseCacheWouldBeLargerThanTheLimitAndKeepsThePrevious()
    async throws
  {
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    let limit = try await sizeOfCache(previous)
    let sut = try makeSUT(at: try storeURL(), maximumFileSize: limit)
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    let larger = CachedFeed(
      feed: previous.feed + FeedStoreFixtures.uniqueImageFeed(count: 1),
      timestamp: previous.timestamp)
    let largerSize = try await sizeOfCache(larger)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(larger.feed, timestamp: larger.timestamp)
    }

    #expect(error?.reason == .cacheTooLarge(limit: limit))
    #expect(
      error?.description
        == "Cannot insert into the feed cache at \(sut.storeURL.path(percentEncoded: false)): "
        + "the feed's cache would be \(largerSize) bytes, more than the \(limit) bytes a cache of "
        + "the store can be; the previous cache is unchanged.")
    #expect(try await sut.retrieve() == previous)
  }

  // MARK: - Helpers

  /// 3 GiB, as the sparse file another user planted was.
  private static let sparseSize = 3 << 30

  private func makeSUT(
    at storeURL: URL, maximumFileSize: Int = JSONFileFeedStore.maximumFileSize
  ) throws -> JSONFileFeedStore {
    try JSONFileFeedStore(
      storeURL: storeURL, fileSystem: LocalFileSystem(), maximumFileSize: maximumFileSize)
  }

  private func storeURL(named name: String = "feed.json") throws -> URL {
    try TemporaryDirectory.current.appending(path: name)
  }

  /// A store file of `size` bytes that takes no space: nothing but a hole.
  private func makeSparseFile(of size: Int) throws -> URL {
    let storeURL = try storeURL()
    try Data().write(to: storeURL)
    try #require(truncate(storeURL.path(percentEncoded: false), off_t(size)) == 0)
    return storeURL
  }

  /// A store file holding a cache, given to the user `owner`.
  private func makeCachedFile(ownedBy owner: uid_t) async throws -> URL {
    let storeURL = try storeURL()
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    try await makeSUT(at: storeURL).insert(cache.feed, timestamp: cache.timestamp)
    try #require(chown(storeURL.path(percentEncoded: false), owner, owner) == 0)
    return storeURL
  }

  /// How many bytes the store's file of `cache` holds, as a store without a tight limit writes
  /// it.
  private func sizeOfCache(_ cache: CachedFeed) async throws -> Int {
    let url = try storeURL(named: "measured-\(UUID().uuidString).json")
    try await makeSUT(at: url).insert(cache.feed, timestamp: cache.timestamp)
    return try Data(contentsOf: url).count
  }

  /// A directory every user may create files in and only an entry's owner may remove or rename
  /// it from, as `/tmp` is (mode 1777).
  private func makeSharedDirectory(in directory: URL) throws -> URL {
    let shared = directory.appending(path: "shared", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
    try #require(chmod(shared.path(percentEncoded: false), 0o1777) == 0)
    return shared
  }
}

/// Where the child process that runs as another user writes what its operations threw.
private func anotherUsersReport(in directory: URL) -> URL {
  directory.appending(path: "report.txt")
}

/// Retrieves from, inserts into and deletes the cache of a store over `feed.json` in
/// `directory`, in a child process that runs as the user `nobody` (65534), and writes what each
/// operation threw (or that it succeeded), a line each, to ``anotherUsersReport(in:)``.
///
/// An exit test cannot live in a closure, so it is a function of its own; the child's standard
/// error is not collected once it changed users.
private func operateAsAnotherUser(in directory: URL) async -> ExitTest.Result? {
  await #expect(processExitsWith: .success) {
    [path = directory.path(percentEncoded: false) as String] in
    let directory = URL(filePath: path, directoryHint: .isDirectory)
    guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0,
      let store = try? JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
    else { exit(EXIT_FAILURE) }
    var outcomes: [String] = []
    do {
      outcomes.append("retrieved \(String(describing: try await store.retrieve()))")
    } catch {
      outcomes.append("\(error)")
    }
    do {
      try await store.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      outcomes.append("inserted")
    } catch {
      outcomes.append("\(error)")
    }
    do {
      try await store.deleteCachedFeed()
      outcomes.append("deleted")
    } catch {
      outcomes.append("\(error)")
    }
    do {
      try Data(outcomes.joined(separator: "\n").utf8).write(to: anotherUsersReport(in: directory))
    } catch {
      exit(EXIT_FAILURE)
    }
  }
}
