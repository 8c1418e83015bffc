import FeedCache
import FeedCacheSQLite
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// What the store does with something it did not make where SQLite keeps a side file.
///
/// At `-wal`, `-shm` or `-journal`, the store refuses it, naming it, leaves it and the cache as
/// they are, and works again once it is gone. Every directory, link and FIFO here is real.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreSideFileTests {
  // Before: SQLITE_CANTOPEN, SQLITE_IOERR or SQLITE_READONLY on every operation, naming no file;
  // a FIFO at -journal made retrieve wait forever.
  @Test(arguments: SideFileObstruction.all)
  func retrieve_throwsNamingWhatStandsWhereASideFileBelongs(_ obstruction: SideFileObstruction)
    async throws
  {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeCommittedStorage(in: directory)
    try obstruction.make(besideDatabaseAt: storeURL, in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .foreignSideFile)
    #expect(error?.operation == .retrieve)
    #expect(
      error?.detail.hasPrefix(
        path(of: storeURL) + obstruction.suffix + " is \(obstruction.item),") == true)
  }

  @Test(arguments: SideFileObstruction.all)
  func insertAndDelete_refuseAndLeaveTheCacheAndTheItemAsTheyAre(
    _ obstruction: SideFileObstruction
  ) async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeCommittedStorage(in: directory)
    try obstruction.make(besideDatabaseAt: storeURL, in: directory)
    let before = try snapshot(of: directory)
    let sut = try makeSUT(at: storeURL)

    let insertion = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }
    let deletion = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(insertion?.reason == .foreignSideFile)
    #expect(deletion?.reason == .foreignSideFile)
    #expect(try snapshot(of: directory) == before)
  }

  @Test(arguments: SideFileObstruction.all)
  func operations_workAgainOnceTheItemIsRemoved(_ obstruction: SideFileObstruction) async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeCommittedStorage(in: directory)
    try obstruction.make(besideDatabaseAt: storeURL, in: directory)
    let sut = try makeSUT(at: storeURL)
    _ = try? await sut.retrieve()
    let next = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)

    try FileManager.default.removeItem(atPath: path(of: storeURL) + obstruction.suffix)

    try await sut.insert(next.feed, timestamp: next.timestamp)
    #expect(try await sut.retrieve() == next)
  }

  @Test func insert_intoNewStorageRefusesADirectoryWhereTheLogBelongs() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    try SideFileObstruction(suffix: "-wal", kind: .directory)
      .make(besideDatabaseAt: storeURL, in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(error?.reason == .foreignSideFile)
    #expect(!FileManager.default.fileExists(atPath: path(of: storeURL)))
  }

  @Test func retrieve_saysWhatStandsWhereTheLogBelongsAndWhatToDo() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeCommittedStorage(in: directory)
    try SideFileObstruction(suffix: "-wal", kind: .directory)
      .make(besideDatabaseAt: storeURL, in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    let storePath = path(of: storeURL)
    #expect(
      error?.description
        == "Could not retrieve the cached feed at \(storePath): \(storePath)-wal, where SQLite "
        + "keeps the database's write-ahead log, is a directory, which the store did not make "
        + "and never follows, writes through or removes: remove it to use the store")
  }

  // MARK: Another user's file where a side file belongs

  // Before: another user's empty -wal or -shm, which this user may not write, made every insert
  // and delete fail for good with SQLite's "attempt to write a readonly database", blaming
  // neither the file nor its owner. Root plants one beside each of two databases; the stores run
  // as nobody, in one child process for both.
  @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
  func insertAndDelete_refuseAnotherUsersLogOrIndexNamingWhoCanRemoveIt() async throws {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let shared = directory.appending(path: "shared", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      try #require(chmod(path(of: shared), 0o1777) == 0)
      var expected: [String] = []
      for (suffix, role) in [("-wal", "write-ahead log"), ("-shm", "write-ahead log index")] {
        let storeURL = try await makeCommittedStorage(
          in: shared, named: "feed\(suffix).sqlite")
        try #require(chown(path(of: storeURL), 65534, 65534) == 0)
        let sideFile = path(of: storeURL) + suffix
        try Data().write(to: URL(filePath: sideFile))
        let refusal =
          "\(sideFile), where SQLite keeps the database's \(role), is a file that belongs to "
          + "another user, root (uid 0), which the store never writes to or removes: only that "
          + "user, the owner of the directory or an administrator can remove it"
        expected.append("Could not insert the feed at \(path(of: storeURL)): \(refusal)")
        expected.append("Could not delete the cached feed at \(path(of: storeURL)): \(refusal)")
      }

      let child = await awaitingExitTestAtHighPriority {
        await insertAndDeleteAsAnotherUser(
          in: shared, named: ["feed-wal.sqlite", "feed-shm.sqlite"])
      }

      #expect(child?.exitStatus == .exitCode(EXIT_SUCCESS))
      let report = try String(contentsOf: anotherUsersReport(in: shared), encoding: .utf8)
      #expect(report == expected.joined(separator: "\n"))
      for suffix in ["-wal", "-shm"] {
        let sideFile = shared.appending(path: "feed\(suffix).sqlite\(suffix)")
        #expect(try Data(contentsOf: sideFile).isEmpty)
      }
    }
  }
}

/// Where the child process that runs as another user writes what its operations threw.
private func anotherUsersReport(in directory: URL) -> URL {
  directory.appending(path: "report.txt")
}

/// Inserts into a store over each database `names` names in `directory`, then deletes its
/// cache, in a child process that runs as the user `nobody` (65534), and writes what each
/// operation threw (or that it succeeded), a line each, to ``anotherUsersReport(in:)``.
///
/// An exit test cannot live in a closure, so it is a function of its own; the child's standard
/// error is not collected once it changed users.
private func insertAndDeleteAsAnotherUser(in directory: URL, named names: [String]) async
  -> ExitTest.Result?
{
  await #expect(processExitsWith: .success) {
    [path = directory.path(percentEncoded: false) as String, names] in
    let directory = URL(filePath: path, directoryHint: .isDirectory)
    guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0 else {
      exit(EXIT_FAILURE)
    }
    var outcomes: [String] = []
    for name in names {
      do {
        let store = try SQLiteFeedStore(storeURL: directory.appending(path: name))
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
      } catch {
        outcomes.append("\(error)")
      }
    }
    do {
      try Data(outcomes.joined(separator: "\n").utf8).write(to: anotherUsersReport(in: directory))
    } catch {
      exit(EXIT_FAILURE)
    }
  }
}

/// Something that is not a regular file, where SQLite keeps a side file of the database.
struct SideFileObstruction: Sendable, CustomTestStringConvertible {
  enum Kind: CaseIterable, Sendable {
    /// A directory holding a file of someone else's.
    case directory
    /// A symbolic link to a file of someone else's, as another user plants one in `/tmp`.
    case symbolicLink
    /// A FIFO, which blocks whoever reads it.
    case fifo
  }

  static let all = ["-wal", "-shm", "-journal"].flatMap { suffix in
    Kind.allCases.map { SideFileObstruction(suffix: suffix, kind: $0) }
  }

  let suffix: String
  let kind: Kind

  /// What the store's error calls it.
  var item: String {
    switch kind {
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a FIFO"
    }
  }

  var testDescription: String { "\(item) at \(suffix)" }

  /// Makes the item at the side file of the database at `storeURL`; what it holds or points at
  /// goes in `directory`.
  func make(besideDatabaseAt storeURL: URL, in directory: URL) throws {
    let sideFile = storeURL.path(percentEncoded: false) + suffix
    switch kind {
    case .directory:
      try FileManager.default.createDirectory(
        atPath: sideFile, withIntermediateDirectories: false)
      try Data("someone else's".utf8).write(to: URL(filePath: sideFile).appending(path: "file"))
    case .symbolicLink:
      let target = directory.appending(path: "someone-else's")
      try Data("someone else's".utf8).write(to: target)
      try FileManager.default.createSymbolicLink(
        atPath: sideFile, withDestinationPath: target.path(percentEncoded: false))
    case .fifo:
      try #require(mkfifo(sideFile, 0o644) == 0, "cannot make a FIFO at \(sideFile)")
    }
  }
}

// MARK: - Helpers

/// A database holding a cache, closed by the store that wrote it, so only the file is left.
private func makeCommittedStorage(in directory: URL, named name: String = "feed.sqlite")
  async throws -> URL
{
  let storeURL = directory.appending(path: name)
  let store = try makeSUT(at: storeURL)
  let cache = FeedStoreFixtures.uniqueCachedFeed()
  try await store.insert(cache.feed, timestamp: cache.timestamp)
  await store.closeDatabase()
  return storeURL
}

private func makeSUT(at storeURL: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: storeURL)
}

private func path(of url: URL) -> String {
  url.path(percentEncoded: false)
}

/// Every item under `directory`: a file's bytes, a link's destination, a directory or a FIFO.
private func snapshot(of directory: URL) throws -> [String: String] {
  let fileManager = FileManager.default
  var items: [String: String] = [:]
  for relativePath in try fileManager.subpathsOfDirectory(atPath: path(of: directory)) {
    let itemPath = path(of: directory.appending(path: relativePath))
    let type = try fileManager.attributesOfItem(atPath: itemPath)[.type] as? FileAttributeType
    switch type {
    case .typeRegular?:
      items[relativePath] = try Data(contentsOf: URL(filePath: itemPath)).base64EncodedString()
    case .typeSymbolicLink?:
      items[relativePath] =
        "link to " + (try fileManager.destinationOfSymbolicLink(atPath: itemPath))
    default:
      items[relativePath] = String(describing: type)
    }
  }
  return items
}
