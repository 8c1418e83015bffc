import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// How the JSON file store uses the disk: one step per file system call in a crash-safe order,
/// temporary and lock files that never pile up or overflow a file name, and writers in other
/// instances that take turns.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreDiskTests {
  @Test func insert_flushesTheNewFileBeforeRenamingItAndTheDirectoryAfter() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = RecordingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    fileSystem.removeAllCalls()

    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    let directoryName = directory.lastPathComponent
    let temporaryNames = Set(fileSystem.calls.flatMap { $0.matches(of: temporaryName) }.map(\.0))
    #expect(temporaryNames.count == 1)
    #expect(
      fileSystem.calls.map { $0.replacing(temporaryName, with: ".feed.json.<UUID>.tmp") } == [
        "lock .feed.json.lock",
        "contentsOfDirectory \(directoryName)",
        "contentsOfFile feed.json",
        "createFile .feed.json.<UUID>.tmp",
        "synchronizeFile .feed.json.<UUID>.tmp",
        "replaceItem feed.json .feed.json.<UUID>.tmp",
        "synchronizeDirectory \(directoryName)",
        "unlock .feed.json.lock",
      ])
  }

  @Test func delete_flushesTheDirectoryAfterRemovingTheFile() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = RecordingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    fileSystem.removeAllCalls()

    try await sut.deleteCachedFeed()

    let directoryName = directory.lastPathComponent
    #expect(
      fileSystem.calls == [
        "lock .feed.json.lock",
        "contentsOfDirectory \(directoryName)",
        "contentsOfFile feed.json",
        "removeItem feed.json",
        "synchronizeDirectory \(directoryName)",
        "unlock .feed.json.lock",
      ])
  }

  @Test func init_neverTouchesTheDisk() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = RecordingFileSystem()
    try Data("garbage".utf8).write(to: directory.appending(path: "feed.json"))

    _ = try makeSUT(in: directory, fileSystem: fileSystem)

    #expect(fileSystem.calls.isEmpty)
  }

  @Test func retrieve_onlyReadsTheFile() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = RecordingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    try Data("garbage".utf8).write(to: sut.storeURL)

    _ = try? await sut.retrieve()

    #expect(fileSystem.calls == ["contentsOfFile feed.json"])
  }

  @Test func insert_leavesOnlyTheStoreFileBehind() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)

    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    #expect(try contents(of: directory) == ["feed.json"])
  }

  @Test func insert_removesTemporaryFilesLeftByACrashedWriterAndNothingElse() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let unrelated = [
      ".other.json.\(UUID().uuidString).tmp", ".feed.json.not-a-uuid.tmp", "feed.json.bak",
    ]
    try createFiles(named: leftoverTemporaryFiles + unrelated, in: directory)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try contents(of: directory) == (["feed.json"] + unrelated).sorted())
    #expect(try await sut.retrieve() == cache)
  }

  @Test func delete_removesTemporaryFilesLeftByACrashedWriter() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    try createFiles(named: leftoverTemporaryFiles, in: directory)

    try await sut.deleteCachedFeed()

    #expect(try contents(of: directory).isEmpty)
  }

  @Test(arguments: [
    String(repeating: "f", count: 214), String(repeating: "f", count: 255),
    String(repeating: "é", count: 127) + "f",
  ])
  func insert_worksForEveryValidFileName(name: String) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try JSONFileFeedStore(storeURL: directory.appending(path: name))
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
    #expect(try contents(of: directory) == [name])
  }

  // A name too long for `.<name>.<UUID>.tmp` keeps part of it and a hash of all of it.
  @Test func insert_removesTheTemporaryFileACrashedWriterLeftForTheLongestName() async throws {
    let directory = try TemporaryDirectory.current
    let name = String(repeating: "f", count: 255)
    let storeURL = directory.appending(path: name)
    let crashed = try JSONFileFeedStore(
      storeURL: storeURL, fileSystem: CrashingFileSystem(crashPoint: 1))
    _ = try? await crashed.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    let leftovers = try contents(of: directory).filter { $0.hasSuffix(".tmp") }
    let sut = try JSONFileFeedStore(storeURL: storeURL)

    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    #expect(leftovers.count == 1)
    #expect(try contents(of: directory) == [name])
  }

  @Test func insert_keepsPreviousCacheAndNoTemporaryFileWhenRenameFails() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = FaultInjectingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    fileSystem.injectFault(.replaceItem)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(error?.reason == .unwritable)
    #expect(try await sut.retrieve() == previous)
    #expect(try contents(of: directory) == ["feed.json"])
  }

  @Test func insert_keepsPreviousCacheAndNoTemporaryFileWhenWriteIsTorn() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = TornWriteFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    fileSystem.tearNextWrite()

    await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(try await sut.retrieve() == previous)
    #expect(try contents(of: directory) == ["feed.json"])
  }

  @Test func insert_failureDescribesTheFileAndTheCause() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = FaultInjectingFileSystem()
    let sut = try makeSUT(in: directory, fileSystem: fileSystem)
    fileSystem.injectFault(.createFile)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    let path = sut.storeURL.path(percentEncoded: false)
    #expect(
      error?.description
        == "Cannot insert into the feed cache at \(path): the file cannot be written: \(POSIXError(.ENOSPC)); the previous cache is unchanged."
    )
  }

  @Test func concurrentInserts_fromTwoInstancesNeverLeaveATornCacheOrATemporaryFile() async throws {
    let directory = try TemporaryDirectory.current
    let first = try makeSUT(in: directory)
    let second = try JSONFileFeedStore(storeURL: first.storeURL)
    let caches = (0..<20).map { index in
      FeedStoreFixtures.uniqueCachedFeed(timestampOffset: Double(index))
    }

    let retrieved = try await withThrowingTaskGroup(of: CachedFeed?.self) { group in
      for (index, cache) in caches.enumerated() {
        let sut = index.isMultiple(of: 2) ? first : second
        group.addTask {
          try await sut.insert(cache.feed, timestamp: cache.timestamp)
          return try await sut.retrieve()
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(retrieved.allSatisfy { $0.map(caches.contains) == true })
    #expect(try await first.retrieve().map(caches.contains) == true)
    #expect(try contents(of: directory) == ["feed.json"])
  }

  @Test func exclusiveLock_letsOneHolderInAtATime() async throws {
    let directory = try TemporaryDirectory.current
    let sut = LocalFileSystem()
    let lockURL = directory.appending(path: ".feed.json.lock")
    let holders = Locked(0)
    let overlaps = Locked(0)

    DispatchQueue.concurrentPerform(iterations: 200) { _ in
      try? sut.withExclusiveLock(at: lockURL) {
        holders.withLock { holders in
          holders += 1
          if holders > 1 { overlaps.withLock { $0 += 1 } }
        }
        holders.withLock { $0 -= 1 }
      }
    }

    let leftovers = try contents(of: directory)
    #expect(overlaps.current == 0)
    #expect(leftovers.isEmpty)
  }

  // A holder suspended or stopped while it holds the lock: before the lock was waited for with a
  // timeout, both of these waited forever.
  @Test func exclusiveLock_throwsWouldBlockWhenAnotherHolderKeepsItPastTheTimeout() async throws {
    let directory = try TemporaryDirectory.current
    let lockURL = directory.appending(path: ".feed.json.lock")
    let holder = try holdLock(at: lockURL)
    defer { close(holder) }
    let sut = LocalFileSystem(lockTimeout: .milliseconds(5))
    var ranBody = false

    let error = #expect(throws: POSIXError.self) {
      try sut.withExclusiveLock(at: lockURL) { ranBody = true }
    }

    #expect(error?.code == .EWOULDBLOCK)
    #expect(!ranBody)
  }

  @Test func insert_keepsPreviousCacheWhenAnotherHolderKeepsTheLockPastTheTimeout() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(
      in: directory, fileSystem: LocalFileSystem(lockTimeout: .milliseconds(5)))
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    let holder = try holdLock(at: directory.appending(path: ".feed.json.lock"))
    defer { close(holder) }
    let next = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(next.feed, timestamp: next.timestamp)
    }

    #expect(error?.reason == .unwritable)
    #expect(try await sut.retrieve() == previous)
  }

  // MARK: - Helpers

  /// Takes the lock that `LocalFileSystem` takes at `lockURL`, as another store or process in
  /// the middle of a write holds it.
  ///
  /// - Returns: The descriptor that holds the lock: close it to release the lock.
  private func holdLock(at lockURL: URL) throws -> Int32 {
    let descriptor = open(lockURL.path(percentEncoded: false), O_RDWR | O_CREAT, 0o644)
    try #require(descriptor >= 0, "cannot open \(lockURL.path(percentEncoded: false))")
    try #require(
      flock(descriptor, LOCK_EX) == 0, "cannot lock \(lockURL.path(percentEncoded: false))")
    return descriptor
  }

  /// A temporary file's name as a call of the recording file system shows it.
  private let temporaryName = /\.feed\.json\.[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\.tmp/

  /// What writers that died left behind: this version's temporary files and the fixed-name one
  /// of earlier versions.
  private let leftoverTemporaryFiles = [
    ".feed.json.tmp", ".feed.json.\(UUID().uuidString).tmp", ".feed.json.\(UUID().uuidString).tmp",
  ]

  private func makeSUT(
    in directory: URL,
    fileSystem: any FileSystem = LocalFileSystem()
  ) throws -> JSONFileFeedStore {
    try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"), fileSystem: fileSystem)
  }

  private func createFiles(named names: [String], in directory: URL) throws {
    for name in names {
      try Data(repeating: 0x2A, count: 1_000).write(to: directory.appending(path: name))
    }
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
      .sorted()
  }
}
