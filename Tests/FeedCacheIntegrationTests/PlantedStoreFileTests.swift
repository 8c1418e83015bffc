import FeedStoreBackends
import Foundation
import SharedSupport
import Testing

/// What each durable backend does with a file at its own path that it did not write: another
/// user's, which anyone may plant in a directory such as `/tmp`, or one larger than any cache it
/// writes (issue 39).
///
/// Another user's file is refused by every operation, unread, naming the owner and who can
/// remove it; the store works again once it is gone. A file past the backend's
/// `maximumFileSize` is found from its size alone: of the store's own user, it is damaged
/// storage, which insert replaces and delete removes. Every file is real; the large ones are
/// sparse, a cache followed by a hole, so they take no space.
@Suite struct PlantedStoreFileTests {
  // MARK: Another user's file

  // Before: retrieve delivered the planted feed, and insert and delete failed for good with
  // "Operation not permitted" (JSON) or "SQLite error 8 (SQLITE_READONLY): attempt to write a
  // readonly database", naming no one. Root plants the file in a directory of mode 1777; the
  // store runs as nobody, in a child process.
  @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"), arguments: backends)
  func operations_refuseAFileAnotherUserPlantedNamingWhoCanRemoveIt(on backend: PersistentBackend)
    async throws
  {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let shared = directory.appending(path: "shared", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      try #require(chmod(shared.path(percentEncoded: false), 0o1777) == 0)
      let storeURL = try await makeCachedStorage(of: backend, in: shared)
      let before = try Data(contentsOf: storeURL)

      let child = await awaitingExitTestAtHighPriority {
        await operateAsAnotherUser(on: backend.backend.name, in: shared)
      }

      #expect(child?.exitStatus == .exitCode(EXIT_SUCCESS))
      let report = try String(contentsOf: shared.appending(path: reportName), encoding: .utf8)
      let refusal =
        "belongs to another user, root (uid 0), and the store never reads, writes to or "
        + "removes another user's file: only that user, the owner of the directory or an "
        + "administrator can remove it"
      let expected = Operation.allCases.map {
        backend.refusal(of: $0, at: storeURL, saying: refusal)
      }
      #expect(report == expected.joined(separator: "\n"))
      #expect(try Data(contentsOf: storeURL) == before)
      #expect(try contents(of: shared) == [storeURL.lastPathComponent, reportName])
    }
  }

  // Where only the file's owner could have put it, it is the cache that owner provisioned: root
  // writes it in a directory of root's that nobody may write to, and nobody reads it.
  @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"), arguments: backends)
  func operations_readButNeverChangeAFileItsOwnerProvisionedWhereOnlyTheyMayWrite(
    on backend: PersistentBackend
  ) async throws {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let storeURL = try await makeCachedStorage(of: backend, in: directory)
      let cache = try await backend.backend.makeStore(in: directory).retrieve()
      let before = try Data(contentsOf: storeURL)
      let reports = directory.appending(path: "reports", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: false)
      try #require(chmod(reports.path(percentEncoded: false), 0o777) == 0)

      let child = await awaitingExitTestAtHighPriority {
        await operateAsAnotherUser(on: backend.backend.name, in: directory, reportingIn: reports)
      }

      #expect(child?.exitStatus == .exitCode(EXIT_SUCCESS))
      let report = try String(contentsOf: reports.appending(path: reportName), encoding: .utf8)
      let outcomes = report.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(outcomes.first.map(String.init) == "retrieved \(String(describing: cache))")
      #expect(!outcomes.contains("inserted") && !outcomes.contains("deleted"))
      #expect(try Data(contentsOf: storeURL) == before)
    }
  }

  // Root may remove the file, so the remedy is to remove it; the store still reads none of it.
  @Test(
    .enabled(if: geteuid() == 0, "needs root to give a file to another user"),
    arguments: backends)
  func retrieve_refusesAnotherUsersFileInADirectoryThisUserMayWriteTo(
    on backend: PersistentBackend
  ) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await makeCachedStorage(of: backend, in: directory)
      try #require(chown(storeURL.path(percentEncoded: false), 65534, 65534) == 0)
      let sut = try await backend.backend.makeStore(in: directory, preparingStorage: false)

      let error = await #expect(throws: (any Error).self) { try await sut.retrieve() }

      #expect(backend.isAnotherUsersFile(error, owner: 65534))
      #expect(
        error.map(String.init(describing:))
          == backend.refusal(
            of: .retrieve, at: storeURL,
            saying: "belongs to another user, nobody (uid 65534), and the store never reads, "
              + "writes to or removes another user's file: remove it to use the store"))
      #expect(try contents(of: directory) == [storeURL.lastPathComponent])
    }
  }

  @Test(
    .enabled(if: geteuid() == 0, "needs root to give a file to another user"),
    arguments: backends)
  func insert_worksAgainOnceAnotherUsersFileIsRemoved(on backend: PersistentBackend)
    async throws
  {
    try await withTemporaryDirectory { directory in
      let storeURL = try await makeCachedStorage(of: backend, in: directory)
      try #require(chown(storeURL.path(percentEncoded: false), 65534, 65534) == 0)
      let sut = try await backend.backend.makeStore(in: directory, preparingStorage: false)
      let feed = uniqueImageFeed()
      let timestamp = Date(timeIntervalSinceReferenceDate: 1)
      await #expect(throws: (any Error).self) { try await sut.insert(feed, timestamp: timestamp) }

      try FileManager.default.removeItem(at: storeURL)
      try await sut.insert(feed, timestamp: timestamp)

      #expect(try await sut.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
    }
  }

  // MARK: A file larger than any cache

  // Before: the JSON store read the 3 GiB sparse file whole, in 11.5 s and 3.18 GB here (16 to
  // 29 s in the report); SQLite opened it and delivered the cache in its first pages.
  @Test(arguments: backends)
  func retrieve_refusesASparseFileLargerThanAnyCacheFromItsSizeAlone(
    on backend: PersistentBackend
  ) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await makeSparseStorage(of: backend, in: directory)
      let sut = try await backend.backend.makeStore(in: directory, preparingStorage: false)

      let error = await #expect(throws: (any Error).self) { try await sut.retrieve() }

      #expect(error.map(String.init(describing:)) == backend.sizeRefusal(at: storeURL))
    }
  }

  @Test(arguments: backends)
  func insert_replacesASparseFileLargerThanAnyCache(on backend: PersistentBackend) async throws {
    try await withTemporaryDirectory { directory in
      try await makeSparseStorage(of: backend, in: directory)
      let sut = try await backend.backend.makeStore(in: directory, preparingStorage: false)
      let cache = CachedFeed(feed: uniqueImageFeed(), timestamp: Date(timeIntervalSince1970: 2))

      try await sut.insert(cache.feed, timestamp: cache.timestamp)

      #expect(try await sut.retrieve() == cache)
    }
  }

  @Test(arguments: backends)
  func delete_removesASparseFileLargerThanAnyCache(on backend: PersistentBackend) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await makeSparseStorage(of: backend, in: directory)
      let sut = try await backend.backend.makeStore(in: directory, preparingStorage: false)

      try await sut.deleteCachedFeed()

      #expect(!FileManager.default.fileExists(atPath: storeURL.path(percentEncoded: false)))
    }
  }

  // MARK: - Helpers

  /// The durable backends, whose stores keep a file at a path of their own.
  static let backends = PersistentBackend.all

  /// 3 GiB, as the sparse file another user planted was.
  private static let sparseSize = 3 << 30

  /// The storage of a store of `backend` in `directory` holding a cache, closed: only the
  /// store's file is left.
  ///
  /// - Returns: The store's file.
  private func makeCachedStorage(of backend: PersistentBackend, in directory: URL) async throws
    -> URL
  {
    let store = try await backend.backend.makeStore(in: directory)
    try await store.insert(uniqueImageFeed(), timestamp: Date(timeIntervalSince1970: 1))
    await backend.backend.closeStorage(of: store)
    return directory.appending(path: try #require(try contents(of: directory).first))
  }

  /// The storage of `backend` holding a cache, then a hole up to ``sparseSize`` bytes.
  @discardableResult
  private func makeSparseStorage(of backend: PersistentBackend, in directory: URL) async throws
    -> URL
  {
    let storeURL = try await makeCachedStorage(of: backend, in: directory)
    try #require(truncate(storeURL.path(percentEncoded: false), off_t(Self.sparseSize)) == 0)
    return storeURL
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
      .sorted()
  }
}

/// A store operation, in the order the child process runs them.
private enum Operation: CaseIterable {
  case retrieve, insert, delete
}

extension PersistentBackend {
  /// The backend's description of its refusal of another user's file at `storeURL`, whose
  /// predicate is `refusal`, on `operation`.
  fileprivate func refusal(of operation: Operation, at storeURL: URL, saying refusal: String)
    -> String
  {
    let path = storeURL.path(percentEncoded: false)
    switch (backend.kind, operation) {
    case (.jsonFile, .retrieve):
      return "Cannot retrieve the feed cache at \(path): the file \(refusal); it is left "
        + "untouched, and insert and delete refuse it too."
    case (.jsonFile, .insert):
      return "Cannot insert into the feed cache at \(path): the file \(refusal); this store does "
        + "not overwrite it, so it is left untouched."
    case (.jsonFile, .delete):
      return "Cannot delete the feed cache at \(path): the file \(refusal); this store does not "
        + "overwrite it, so it is left untouched."
    case (.sqlite, .retrieve):
      return "Could not retrieve the cached feed at \(path): the database file \(refusal)"
    case (.sqlite, .insert):
      return "Could not insert the feed at \(path): the database file \(refusal)"
    case (.sqlite, .delete):
      return "Could not delete the cached feed at \(path): the database file \(refusal)"
    case (.inMemory, _):
      return "no file"
    }
  }

  /// Whether `error` is the backend's refusal of a file that `owner` owns.
  fileprivate func isAnotherUsersFile(_ error: (any Error)?, owner: UInt32) -> Bool {
    switch backend.kind {
    case .jsonFile: (error as? JSONFileFeedStoreError)?.reason == .anotherUsersFile(owner: owner)
    case .sqlite: (error as? SQLiteFeedStoreError)?.reason == .anotherUsersFile(owner: owner)
    case .inMemory: false
    }
  }

  /// The backend's description of its retrieve's refusal of a file of 3 GiB at `storeURL`.
  fileprivate func sizeRefusal(at storeURL: URL) -> String {
    let path = storeURL.path(percentEncoded: false)
    let size = 3 << 30
    switch backend.kind {
    case .jsonFile:
      return "Cannot retrieve the feed cache at \(path): the file is \(size) bytes, more than the "
        + "\(JSONFileFeedStore.maximumFileSize) bytes a cache of the store can be, so it was not "
        + "read; the file is left untouched; an insert replaces it and a delete removes it."
    case .sqlite:
      return "Could not retrieve the cached feed at \(path): the file is \(size) bytes, more than "
        + "the \(SQLiteFeedStore.maximumFileSize) bytes a cache of the store can be, so it was not "
        + "read; inserting a feed replaces the file and deleting the cache removes it"
    case .inMemory:
      return "no file"
    }
  }
}

/// The file, in the shared directory, where the child process writes what its operations threw.
private let reportName = "report.txt"

/// Retrieves from, inserts into and deletes the cache of a store of the backend called
/// `backendName` in `directory`, in a child process that runs as the user `nobody` (65534), and
/// writes what each operation threw (or what it did), a line each, to ``reportName`` in
/// `reports`, `directory` unless given.
///
/// An exit test cannot live in a closure, so it is a function of its own; the child's standard
/// error is not collected once it changed users.
private func operateAsAnotherUser(
  on backendName: String, in directory: URL, reportingIn reports: URL? = nil
) async -> ExitTest.Result? {
  await #expect(processExitsWith: .success) {
    [
      backendName, path = directory.path(percentEncoded: false) as String,
      reportPath = (reports ?? directory).appending(path: reportName).path(percentEncoded: false)
        as String
    ] in
    let directory = URL(filePath: path, directoryHint: .isDirectory)
    guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0,
      let backend = FeedStoreBackend.named(backendName),
      let store = try? await backend.makeStore(in: directory, preparingStorage: false)
    else { exit(EXIT_FAILURE) }
    var outcomes: [String] = []
    for operation in Operation.allCases {
      do {
        switch operation {
        case .retrieve:
          outcomes.append("retrieved \(String(describing: try await store.retrieve()))")
        case .insert:
          try await store.insert([], timestamp: .now)
          outcomes.append("inserted")
        case .delete:
          try await store.deleteCachedFeed()
          outcomes.append("deleted")
        }
      } catch {
        outcomes.append("\(error)")
      }
    }
    guard
      (try? Data(outcomes.joined(separator: "\n").utf8).write(
        to: URL(filePath: reportPath))) != nil
    else { exit(EXIT_FAILURE) }
  }
}
