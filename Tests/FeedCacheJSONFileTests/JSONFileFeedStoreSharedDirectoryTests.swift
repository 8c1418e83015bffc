import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// The JSON file store in a directory that other users write to, such as `/tmp`.
///
/// It never writes through a symbolic link it did not make, says so when one is in its way, and
/// locks a lock file it may not write. Every link, directory and lock file here is real.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreSharedDirectoryTests {
  // MARK: A link where the lock file belongs

  // Before: the insert succeeded, having created an empty file where the link pointed.
  @Test func insert_refusesALockFileLinkAndCreatesNothingWhereItPoints() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let target = directory.appending(path: "elsewhere")
    try plantLink(at: ".feed.json.lock", in: directory, pointingAt: target)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(error?.reason == .foreignSideFile)
    #expect(!exists(target))
    #expect(try isLink(at: ".feed.json.lock", in: directory))
    #expect(try await sut.retrieve() == nil)
  }

  @Test func delete_refusesALockFileLinkAndKeepsTheCache() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(cache.feed, timestamp: cache.timestamp)
    let target = directory.appending(path: "elsewhere")
    try plantLink(at: ".feed.json.lock", in: directory, pointingAt: target)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(error?.reason == .foreignSideFile)
    #expect(!exists(target))
    #expect(try await sut.retrieve() == cache)
  }

  @Test func insert_namesTheLockFileLinkAndSaysWhatToDo() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try plantLink(
      at: ".feed.json.lock", in: directory, pointingAt: directory.appending(path: "elsewhere"))

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert([], timestamp: .now)
    }

    let storePath = sut.storeURL.path(percentEncoded: false)
    let lockPath = directory.appending(path: ".feed.json.lock").path(percentEncoded: false)
    #expect(
      error?.description
        == "Cannot insert into the feed cache at \(storePath): its lock file \(lockPath) is a "
        + "symbolic link, which the store did not make and never follows, writes through or "
        + "removes: remove it to use the store; the previous cache is unchanged.")
  }

  // MARK: A link where the temporary file belongs

  // Another user who keeps planting the link hits the moment between the store's removal of its
  // leftovers and its write; the file system here plants it at exactly that moment. Before: a
  // file only its owner could read was overwritten with the cache's JSON.
  @Test func insert_neverWritesThroughATemporaryFileLinkPlantedWhileItRuns() async throws {
    let directory = try TemporaryDirectory.current
    let victim = directory.appending(path: "owner-only")
    try Data("secret".utf8).write(to: victim)
    chmod(victim.path(percentEncoded: false), 0o600)
    let sut = try makeSUT(in: directory, fileSystem: LinkPlantingFileSystem(pointingAt: victim))
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await JSONFileFeedStore(storeURL: sut.storeURL).insert(
      previous.feed, timestamp: previous.timestamp)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(error?.reason == .foreignSideFile)
    #expect(try Data(contentsOf: victim) == Data("secret".utf8))
    let temporaryFiles = try contents(of: directory).filter { $0.hasSuffix(".tmp") }
    #expect(try temporaryFiles.map { try isLink(at: $0, in: directory) } == [true])
    #expect(try await sut.retrieve() == previous)
  }

  @Test func insert_removesALinkLeftWhereItWritesItsTemporaryFileWithoutFollowingIt()
    async throws
  {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let victim = directory.appending(path: "owner-only")
    try Data("secret".utf8).write(to: victim)
    try plantLink(at: ".feed.json.tmp", in: directory, pointingAt: victim)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try Data(contentsOf: victim) == Data("secret".utf8))
    #expect(try contents(of: directory) == ["feed.json", "owner-only"])
    #expect(try await sut.retrieve() == cache)
  }

  // MARK: Other items where the store's files belong

  @Test func insertAndDelete_refuseADirectoryWhereTheLockFileBelongsAndLeaveItAsItIs()
    async throws
  {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(cache.feed, timestamp: cache.timestamp)
    let name = ".feed.json.lock"
    let inside = directory.appending(path: name).appending(path: "someone's")
    try FileManager.default.createDirectory(
      at: inside.deletingLastPathComponent(), withIntermediateDirectories: false)
    try Data("kept".utf8).write(to: inside)

    let insertion = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }
    let deletion = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(insertion?.reason == .foreignSideFile)
    #expect(deletion?.reason == .foreignSideFile)
    #expect(insertion?.description.contains("\(name) is a directory") == true)
    #expect(try Data(contentsOf: inside) == Data("kept".utf8))
    #expect(try await sut.retrieve() == cache)
  }

  // Before: a directory at the temporary file's fixed name made insert and delete throw for good.
  @Test(arguments: [".feed.json.tmp", ".feed.json.\(UUID().uuidString).tmp"])
  func insertAndDelete_leaveADirectoryAtATemporaryFilesNameAndWork(_ name: String) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let inside = directory.appending(path: name).appending(path: "someone's")
    try FileManager.default.createDirectory(
      at: inside.deletingLastPathComponent(), withIntermediateDirectories: false)
    try Data("kept".utf8).write(to: inside)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)
    let retrieved = try await sut.retrieve()
    try await sut.deleteCachedFeed()

    #expect(retrieved == cache)
    #expect(try contents(of: directory) == [name])
    #expect(try Data(contentsOf: inside) == Data("kept".utf8))
  }

  // A FIFO opened for reading waits for a writer: the lock file is opened without waiting.
  @Test func insert_refusesAFIFOWhereItKeepsItsLockFileWithoutWaitingOnIt() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let fifo = directory.appending(path: ".feed.json.lock").path(percentEncoded: false)
    try #require(mkfifo(fifo, 0o644) == 0, "cannot make a FIFO at \(fifo)")

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert([], timestamp: .now)
    }

    #expect(error?.reason == .foreignSideFile)
    #expect(error?.description.contains("is a FIFO, which the store did not make") == true)
  }

  // MARK: A lock file the store may not write

  // Before: every insert and delete failed with "Permission denied", though nobody held the lock.
  @Test func insertAndDelete_lockALockFileThatAnotherUserOwnsAndNobodyMayWrite() async throws {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let shared = try makeSharedDirectory(in: directory)
      let lockFile = shared.appending(path: ".feed.json.lock")
      try Data().write(to: lockFile)
      try #require(chmod(lockFile.path(percentEncoded: false), 0o444) == 0)

      let child = await awaitingExitTestAtHighPriority {
        await insertRetrieveAndDeleteAsAnotherUser(in: shared)
      }

      if child?.exitStatus != .exitCode(EXIT_SUCCESS) {
        let report = try? String(contentsOf: shared.appending(path: childReport), encoding: .utf8)
        Issue.record("the store in the child process failed: \(report ?? "no report")")
      }
      #expect(exists(lockFile))
    }
  }

  // MARK: A file another user left where the temporary file was kept

  // Before: the temporary file had a fixed name, so another user's empty .feed.json.tmp, which
  // this user may neither write into nor remove from a sticky directory, failed every insert and
  // delete of theirs for good ("cannot remove a temporary file a failed write left behind").
  @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
  func insertAndDelete_workBesideAFileAnotherUserLeftAtTheTemporaryFilesOldName() async throws {
    try await withTemporaryDirectoryOtherUsersCanReach { directory in
      let shared = try makeSharedDirectory(in: directory)
      let planted = shared.appending(path: ".feed.json.tmp")
      try Data().write(to: planted)

      let child = await awaitingExitTestAtHighPriority {
        await insertRetrieveAndDeleteAsAnotherUser(in: shared)
      }

      if child?.exitStatus != .exitCode(EXIT_SUCCESS) {
        let report = try? String(contentsOf: shared.appending(path: childReport), encoding: .utf8)
        Issue.record("the store in the child process failed: \(report ?? "no report")")
      }
      #expect(try Data(contentsOf: planted).isEmpty)
    }
  }

  // MARK: The file system itself

  @Test func createFile_refusesToWriteThroughALink() async throws {
    let directory = try TemporaryDirectory.current
    let victim = directory.appending(path: "owner-only")
    try Data("secret".utf8).write(to: victim)
    let link = try plantLink(at: "new", in: directory, pointingAt: victim)

    let error = #expect(throws: ForeignItemError.self) {
      try LocalFileSystem().createFile(at: link, contents: Data("payload".utf8))
    }

    #expect(error == ForeignItemError(url: link, kind: .symbolicLink))
    #expect(try Data(contentsOf: victim) == Data("secret".utf8))
  }

  @Test func createFile_refusesAFileThatIsAlreadyThere() async throws {
    let directory = try TemporaryDirectory.current
    let file = directory.appending(path: "existing")
    try Data("theirs".utf8).write(to: file)

    let error = #expect(throws: ForeignItemError.self) {
      try LocalFileSystem().createFile(at: file, contents: Data("payload".utf8))
    }

    #expect(error == ForeignItemError(url: file, kind: .file))
    #expect(try Data(contentsOf: file) == Data("theirs".utf8))
  }

  @Test func exclusiveLock_refusesALinkToAMissingFileAndCreatesNothing() async throws {
    let directory = try TemporaryDirectory.current
    let target = directory.appending(path: "elsewhere")
    let link = try plantLink(at: "lock", in: directory, pointingAt: target)
    var ranBody = false

    let error = #expect(throws: ForeignItemError.self) {
      try LocalFileSystem().withExclusiveLock(at: link) { ranBody = true }
    }

    #expect(error == ForeignItemError(url: link, kind: .symbolicLink))
    #expect(!ranBody)
    #expect(!exists(target))
  }

  // MARK: - Helpers

  private func makeSUT(
    in directory: URL, fileSystem: any FileSystem = LocalFileSystem()
  ) throws -> JSONFileFeedStore {
    try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"), fileSystem: fileSystem)
  }

  /// Makes a real symbolic link called `name` in `directory`.
  ///
  /// - Returns: The link's URL.
  @discardableResult
  private func plantLink(at name: String, in directory: URL, pointingAt target: URL) throws -> URL {
    let link = directory.appending(path: name)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    return link
  }

  /// Whether anything is at `url`, without following a link there.
  private func exists(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path(percentEncoded: false), &status) == 0
  }

  private func isLink(at name: String, in directory: URL) throws -> Bool {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.appending(path: name).path(percentEncoded: false))
    return attributes[.type] as? FileAttributeType == .typeSymbolicLink
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
      .sorted()
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

/// The file, in the shared directory, where the child process writes the error it met.
private let childReport = "child-report.txt"

/// Inserts a feed into a store in `directory`, retrieves it and deletes it, in a child process
/// that runs as the user `nobody` (65534) when this one is root, as an app of another user would.
///
/// An exit test cannot live in a closure, so it is a function of its own. The child writes the
/// error it met to ``childReport`` in `directory`: its standard error is not collected once it
/// changed users.
private func insertRetrieveAndDeleteAsAnotherUser(in directory: URL) async -> ExitTest.Result? {
  await #expect(processExitsWith: .success) {
    [path = directory.path(percentEncoded: false) as String] in
    let directory = URL(filePath: path, directoryHint: .isDirectory)
    do {
      if geteuid() == 0 {
        guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0 else {
          throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
      }
      let store = try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
      let cache = FeedStoreFixtures.uniqueCachedFeed()
      try await store.insert(cache.feed, timestamp: cache.timestamp)
      let retrieved = try await store.retrieve()
      try await store.deleteCachedFeed()
      guard retrieved == cache else {
        throw POSIXError(.EIO)
      }
    } catch {
      try? Data("\(error)".utf8).write(to: directory.appending(path: childReport))
      exit(EXIT_FAILURE)
    }
  }
}

/// The real file system, except that another user plants a symbolic link where the store writes
/// its temporary file just before it does, after it removed its leftovers: the moment a user who
/// keeps planting the link can hit.
private final class LinkPlantingFileSystem: ForwardingFileSystem {
  let base: any FileSystem = LocalFileSystem()
  private let target: URL

  init(pointingAt target: URL) {
    self.target = target
  }

  func createFile(at url: URL, contents: Data) throws {
    try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    try base.createFile(at: url, contents: contents)
  }
}
