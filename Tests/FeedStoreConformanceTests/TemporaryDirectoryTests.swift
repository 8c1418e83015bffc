import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

@Suite struct TemporaryDirectoryTests {
  @Test func withTemporaryDirectory_givesEachCallANewEmptyDirectory() async throws {
    let (first, firstContents) = try await withTemporaryDirectory { ($0, try contents(of: $0)) }
    let second = try await withTemporaryDirectory { $0 }

    #expect(first != second)
    #expect(firstContents.isEmpty)
  }

  @Test func withTemporaryDirectory_removesTheDirectoryAndItsFiles() async throws {
    let directory = try await withTemporaryDirectory { directory in
      try Data("cache".utf8).write(to: directory.appending(path: "feed.json"))
      return directory
    }

    #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))
  }

  @Test func withTemporaryDirectory_removesTheDirectoryWhenTheBodyThrows() async throws {
    struct BodyFailure: Error {}
    var used: URL?

    await #expect(throws: BodyFailure.self) {
      try await withTemporaryDirectory { directory in
        used = directory
        throw BodyFailure()
      }
    }

    let directory = try #require(used)
    #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))
  }

  // SQLite stores close on queues of their own, shortly after they are released, and delete
  // their side files as they close: removal races those deletions. Before removal started over
  // when a file it had listed was gone, 2 to 7 directories in 200 were left behind.
  @Test func withTemporaryDirectory_removesTheDirectoryWhileReleasedStoresClose() async throws {
    let rounds = try FeedStoreSpec.profile == .thorough ? 200 : 20
    var leftBehind: [URL] = []

    for _ in 0..<rounds {
      let directory = try await withTemporaryDirectory { directory in
        let factory = SQLiteFeedStoreFactory(directory: directory)
        for _ in 0..<2 {
          let cache = FeedStoreFixtures.uniqueCachedFeed()
          try await factory.makeStore().insert(cache.feed, timestamp: cache.timestamp)
        }
        return directory
      }
      if FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)) {
        leftBehind.append(directory)
      }
    }

    #expect(leftBehind.isEmpty, "\(leftBehind.count) of \(rounds) directories were left behind")
  }

  @Test func withTemporaryDirectory_makesADirectoryOnlyTheUserCanUse() async throws {
    let mode = try await withTemporaryDirectory { directory in
      try FileManager.default.attributesOfItem(atPath: directory.path(percentEncoded: false))[
        .posixPermissions] as? Int
    }

    #expect(mode == 0o700)
  }

  @Test func withTemporaryDirectory_makesItsDirectoriesInsideOneOfThisProcess() async throws {
    let parent = try await withTemporaryDirectory { $0.deletingLastPathComponent() }

    #expect(parent.lastPathComponent.hasPrefix("\(ScratchDirectory.prefix)\(getpid())-"))
  }

  // Before: the directory was removed, since its name's process id named no process here,
  // while its owner, in another PID namespace that shares the root, still used it.
  @Test func removeDirectoriesOfEndedProcesses_leavesADirectoryWhoseOwnerHoldsItsLock()
    async throws
  {
    try await withTemporaryDirectory { root in
      let living = try makeProcessDirectory("\(try endedProcessID())-1", in: root)
      let lock = try holdLock(of: living)
      defer { close(lock) }

      let removed = ScratchDirectory.removeDirectoriesOfEndedProcesses(in: root)

      #expect(removed.isEmpty)
      #expect(exists(living))
    }
  }

  /// Even when the id in its name is a living process's, this one's: a process of another PID
  /// namespace may have had it.
  @Test func removeDirectoriesOfEndedProcesses_removesADirectoryWhoseLockNobodyHolds()
    async throws
  {
    try await withTemporaryDirectory { root in
      let ended = try makeProcessDirectory("\(getpid())-2", in: root)
      let shared = try makeDirectory("\(ended.lastPathComponent)-shared-3", in: root)
      let unrelated = try makeDirectory("other-\(try endedProcessID())-4", in: root)

      let removed = ScratchDirectory.removeDirectoriesOfEndedProcesses(in: root)

      #expect(
        Set(removed.map(\.lastPathComponent))
          == [ended.lastPathComponent, shared.lastPathComponent])
      #expect(!exists(ended))
      #expect(!exists(shared))
      #expect(exists(unrelated))
    }
  }

  /// Made by a version before the lock, or being made: nothing proves its owner gone.
  @Test func removeDirectoriesOfEndedProcesses_leavesADirectoryWithoutALock() async throws {
    try await withTemporaryDirectory { root in
      let unlocked = try makeDirectory(
        "\(ScratchDirectory.prefix)\(try endedProcessID())-5", in: root)

      let removed = ScratchDirectory.removeDirectoriesOfEndedProcesses(in: root)

      #expect(removed.isEmpty)
      #expect(exists(unlocked))
    }
  }

  @Test func processDirectory_isLockedForAsLongAsThisProcessLives() async throws {
    let directory = try ScratchDirectory.processDirectory(in: ScratchDirectory.root)
    let lock = open(
      directory.appending(path: ScratchDirectory.lockFileName).path(percentEncoded: false),
      O_RDONLY | O_CLOEXEC)
    defer { close(lock) }

    let isTaken = flock(lock, LOCK_EX | LOCK_NB) == 0

    #expect(lock >= 0)
    #expect(!isTaken)
  }

  @Test func removeDirectoriesOfEndedProcesses_neverFollowsALink() async throws {
    try await withTemporaryDirectory { root in
      let target = try makeDirectory("target", in: root)
      try Data("keep".utf8).write(to: target.appending(path: "file"))
      let link = root.appending(path: "\(ScratchDirectory.prefix)\(try endedProcessID())-4")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

      let removed = ScratchDirectory.removeDirectoriesOfEndedProcesses(in: root)

      #expect(removed.isEmpty)
      #expect(exists(target.appending(path: "file")))
    }
  }

  @Test func scratchRoot_isTheMemoryFileSystemWhenItHasRoom() async throws {
    try await withTemporaryDirectory { memory in
      let chosen = makeRoot(memoryFileSystem: memory.path(percentEncoded: false))

      #expect(chosen.standardizedFileURL == memory.standardizedFileURL)
    }
  }

  @Test func scratchRoot_isTMPDIRWhenItIsSet() async throws {
    try await withTemporaryDirectory { memory in
      let chosen = makeRoot(
        environment: ["TMPDIR": "/var/tmp"], memoryFileSystem: memory.path(percentEncoded: false))

      #expect(chosen.path(percentEncoded: false) == "/var/tmp/")
    }
  }

  @Test func scratchRoot_treatsAnEmptyTMPDIRAsUnset() async throws {
    try await withTemporaryDirectory { memory in
      let chosen = makeRoot(
        environment: ["TMPDIR": ""], memoryFileSystem: memory.path(percentEncoded: false))

      #expect(chosen.standardizedFileURL == memory.standardizedFileURL)
    }
  }

  @Test func scratchRoot_isTmpWhenTMPDIRIsEmptyAndTheMemoryFileSystemIsTooFull() async throws {
    try await withTemporaryDirectory { memory in
      let chosen = makeRoot(
        environment: ["TMPDIR": ""], memoryFileSystem: memory.path(percentEncoded: false),
        minimumFreeBytes: .max)

      #expect(chosen.path(percentEncoded: false) == "/tmp/")
    }
  }

  @Test func scratchRoot_isTheSystemDirectoryWithoutAMemoryFileSystem() async throws {
    try await withTemporaryDirectory { directory in
      let missing = directory.appending(path: "missing").path(percentEncoded: false)

      #expect(makeRoot(memoryFileSystem: missing) == FileManager.default.temporaryDirectory)
      #expect(makeRoot(memoryFileSystem: nil) == FileManager.default.temporaryDirectory)
    }
  }

  private func makeRoot(
    environment: [String: String] = [:], memoryFileSystem: String?, minimumFreeBytes: UInt64 = 0
  ) -> URL {
    ScratchDirectory.root(
      environment: environment, memoryFileSystem: memoryFileSystem,
      minimumFreeBytes: minimumFreeBytes)
  }

  /// Makes a process directory named with `suffix` after the prefix, with its lock file.
  private func makeProcessDirectory(_ suffix: String, in root: URL) throws -> URL {
    let directory = try makeDirectory("\(ScratchDirectory.prefix)\(suffix)", in: root)
    try Data().write(to: directory.appending(path: ScratchDirectory.lockFileName))
    return directory
  }

  /// Locks the lock file of `directory` through a descriptor of its own, as its owner would.
  private func holdLock(of directory: URL) throws -> Int32 {
    let lock = open(
      directory.appending(path: ScratchDirectory.lockFileName).path(percentEncoded: false),
      O_RDONLY | O_CLOEXEC)
    try #require(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
    return lock
  }

  private func makeDirectory(_ name: String, in root: URL) throws -> URL {
    let directory = root.appending(path: name, directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    return directory
  }

  private func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path(percentEncoded: false))
  }

  /// The id of a process that has ended: a child that exited, reaped by its parent.
  private func endedProcessID() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(filePath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
  }
}
