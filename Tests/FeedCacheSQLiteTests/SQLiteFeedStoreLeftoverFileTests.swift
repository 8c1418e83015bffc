import FeedCache
import FeedCacheSQLite
import FeedStoreSpecs
import Foundation
import Testing

/// The files a store leaves beside its database when it dies or its database goes away.
///
/// The next writer removes what a dead writer left, and a new database never picks up the log of
/// one that was removed. The kill test (docs/CrashSafety.md) makes the first kind with real kills.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreLeftoverFileTests {
  // Before: no insert or delete ever removed them.
  @Test func insert_intoNewStorageRemovesWhatAWriterKilledWhileCreatingADatabaseLeft()
    async throws
  {
    let directory = try TemporaryDirectory.current
    let leftovers = try makeLeftoversOfAKilledCreation(in: directory)
    let sut = try makeSUT(in: directory)

    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    #expect(try names(in: directory).isDisjoint(with: leftovers))
  }

  @Test(arguments: [Write.insert, .delete])
  func write_onExistingStorageRemovesWhatAWriterKilledWhileCreatingADatabaseLeft(
    _ write: Write
  ) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    let leftovers = try makeLeftoversOfAKilledCreation(in: directory)

    try await write.run(on: sut)

    #expect(try names(in: directory).isDisjoint(with: leftovers))
  }

  // A store creating a database holds the directory's lock: what it is building is not a leftover.
  @Test func insert_leavesTheFilesOfACreationUnderWayWhileAnotherStoreHoldsTheDirectory()
    async throws
  {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    let underWay = try makeLeftoversOfAKilledCreation(in: directory)
    let holder = try lockDirectory(directory)

    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    close(holder)
    #expect(try names(in: directory).isSuperset(of: underWay))
  }

  // A store killed between linking its new database into place and removing the temporary name.
  // Before: retrieve refused the database as a file with 2 names until a write removed that name.
  @Test func retrieve_afterACreationKilledBeforeDroppingItsTemporaryNameDeliversTheCache()
    async throws
  {
    let directory = try TemporaryDirectory.current
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    let temporaryName = try await makeDatabaseWithTheTemporaryNameOfAKilledCreation(
      in: directory, holding: cache)
    let sut = try makeSUT(in: directory)

    let retrieved = try await sut.retrieve()

    #expect(retrieved == cache)
    #expect(try !names(in: directory).contains(temporaryName))
  }

  @Test func insert_leavesFilesOfOtherNamesAlone() async throws {
    let directory = try TemporaryDirectory.current
    let others: Set = [
      ".feedstore-not-a-uuid.new", ".feedstore-\(UUID().uuidString).new.bak",
      "feedstore-\(UUID().uuidString).new", "notes.sqlite-wal",
    ]
    for name in others {
      try Data("someone else's".utf8).write(to: directory.appending(path: name))
    }
    let sut = try makeSUT(in: directory)

    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    #expect(try names(in: directory).isSuperset(of: others))
  }

  // An app that resets its cache by removing the database while a store still has it open
  // leaves that database's log behind. Before: the next insert's new database replayed it, and
  // a log of another application's tables made it refuse the new database as not its own.
  @Test func insert_afterTheDatabaseWasRemovedNeverReplaysTheLogItLeft() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    try leaveTheLogOfARemovedDatabase(at: storeURL)
    let sut = try makeSUT(in: directory)
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
    let tables = try SQLiteConnection(location: .file(storeURL), busyTimeout: .seconds(1))
      .texts("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", "list")
    #expect(tables == ["feed_cache", "feed_image"])
  }

  @Test func retrieve_afterTheDatabaseWasRemovedDeliversNilAndLeavesItsLogAlone() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    try leaveTheLogOfARemovedDatabase(at: storeURL)
    let before = try names(in: directory)
    let sut = try makeSUT(in: directory)

    let retrieved = try await sut.retrieve()

    #expect(retrieved == nil)
    #expect(try names(in: directory) == before)
  }
}

/// A write a store makes.
enum Write: String, Sendable, CustomTestStringConvertible {
  case insert, delete

  var testDescription: String { rawValue }

  func run(on store: SQLiteFeedStore) async throws {
    switch self {
    case .insert: try await store.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    case .delete: try await store.deleteCachedFeed()
    }
  }
}

// MARK: - Helpers

private func makeSUT(in directory: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
}

/// The names of the entries of `directory`.
private func names(in directory: URL) throws -> Set<String> {
  Set(try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false)))
}

/// What a store killed while it built a new database leaves: the half-made database and its
/// write-ahead log and index, made by SQLite and left open, as a killed process leaves them.
///
/// - Returns: Their names.
private func makeLeftoversOfAKilledCreation(in directory: URL) throws -> Set<String> {
  let name = ".feedstore-\(UUID().uuidString).new"
  let building = directory.appending(path: name)
  let copy = directory.appending(path: "building", directoryHint: .isDirectory)
  try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
  let connection = try SQLiteConnection(
    location: .file(copy.appending(path: name)), busyTimeout: .seconds(1))
  try connection.execute(
    "PRAGMA journal_mode = WAL; BEGIN IMMEDIATE; CREATE TABLE feed_cache (id INTEGER)",
    "build a database without finishing it")
  // Copies, since the connection would remove its files when it closes; a dead one cannot.
  var names: Set<String> = []
  for suffix in ["", "-wal", "-shm"] {
    try FileManager.default.copyItem(
      at: copy.appending(path: name + suffix),
      to: directory.appending(path: name + suffix))
    names.insert(name + suffix)
  }
  connection.rollBackIfNeeded()
  try FileManager.default.removeItem(at: copy)
  #expect(FileManager.default.fileExists(atPath: building.path(percentEncoded: false)))
  return names
}

/// Leaves in `directory` what a store killed right after linking its new database into place
/// leaves: `feed.sqlite`, holding `cache`, with the temporary name it was built under as a second.
///
/// - Returns: The temporary name.
private func makeDatabaseWithTheTemporaryNameOfAKilledCreation(
  in directory: URL, holding cache: CachedFeed
) async throws -> String {
  let writer = try makeSUT(in: directory)
  try await writer.insert(cache.feed, timestamp: cache.timestamp)
  await writer.closeDatabase()
  let temporaryName = ".feedstore-\(UUID().uuidString).new"
  let database = directory.appending(path: "feed.sqlite").path(percentEncoded: false)
  try #require(
    link(database, directory.appending(path: temporaryName).path(percentEncoded: false)) == 0)
  return temporaryName
}

/// Takes the lock a store holds on the directory while it creates a database.
///
/// - Returns: The descriptor that holds it: close it to release the lock.
private func lockDirectory(_ directory: URL) throws -> Int32 {
  let descriptor = open(directory.path(percentEncoded: false), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  try #require(descriptor >= 0)
  try #require(flock(descriptor, LOCK_EX) == 0)
  return descriptor
}

/// Leaves at `storeURL` the log and index of a database that is gone: another application's
/// database, with a table in its log only, removed while its connection was open.
private func leaveTheLogOfARemovedDatabase(at storeURL: URL) throws {
  let connection = try SQLiteConnection(location: .file(storeURL), busyTimeout: .seconds(1))
  try connection.execute(
    """
    PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
    CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('another application''s');
    """, "write another application's database, all of it in its log")
  let path = storeURL.path(percentEncoded: false)
  let log = try Data(contentsOf: URL(filePath: path + "-wal"))
  let index = try Data(contentsOf: URL(filePath: path + "-shm"))
  try FileManager.default.removeItem(at: storeURL)
  // SQLite leaves the log of a database removed under it, as a killed process would.
  try log.write(to: URL(filePath: path + "-wal"))
  try index.write(to: URL(filePath: path + "-shm"))
  #expect(!log.isEmpty)
}
