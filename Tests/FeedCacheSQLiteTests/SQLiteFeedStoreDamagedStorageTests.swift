import FeedCache
import FeedCacheSQLite
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// What the conformance run cannot see of the SQLite store on damaged storage: the error each
/// damage throws, that the store's own unreadable files are always replaced and removed (the
/// contract also allows refusing), and the states of a file that no damage spec makes.
///
/// The damage is the registry's, the same the conformance run uses, so the two never differ.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreDamagedStorageTests {
  @Test(arguments: damages)
  func retrieve_throwsTheErrorItsDamageCallsFor(_ damage: StorageDamage) async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeStorage(damagedAs: damage, in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error.map { isExpected($0, for: damage) } == true, "\(String(describing: error))")
    #expect(error?.description.contains(path(of: storeURL)) == true)
    #expect(error?.description.contains("retrieve the cached feed") == true)
  }

  @Test(arguments: damages.filter { !$0.isForeign })
  func insert_replacesTheStoresOwnUnreadableStorage(_ damage: StorageDamage) async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeStorage(damagedAs: damage, in: directory)
    let sut = try makeSUT(at: storeURL)
    let inserted = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

    #expect(try await sut.retrieve() == inserted)
    #expect(try await makeSUT(at: storeURL).retrieve() == inserted)
  }

  @Test(arguments: damages.filter { !$0.isForeign })
  func delete_removesTheStoresOwnUnreadableStorage(_ damage: StorageDamage) async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeStorage(damagedAs: damage, in: directory)
    let sut = try makeSUT(at: storeURL)

    try await sut.deleteCachedFeed()

    #expect(try await sut.retrieve() == nil)
    #expect(try await makeSUT(at: storeURL).retrieve() == nil)
  }

  @Test(arguments: damages.filter(\.isForeign))
  func insert_refusesForeignStorageWithTheErrorItCallsFor(_ damage: StorageDamage) async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeStorage(damagedAs: damage, in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    #expect(error.map { isExpected($0, for: damage) } == true, "\(String(describing: error))")
    #expect(error?.description.contains("insert the feed") == true)
  }

  @Test(arguments: damages.filter(\.isForeign))
  func delete_refusesForeignStorageWithTheErrorItCallsFor(_ damage: StorageDamage) async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeStorage(damagedAs: damage, in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(error.map { isExpected($0, for: damage) } == true, "\(String(describing: error))")
    #expect(error?.description.contains("delete the cached feed") == true)
  }

  @Test func retrieve_namesTheTablesOfAnotherApplicationsDatabase() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeStorage(damagedAs: .foreignStorage, in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .foreignDatabase(tables: ["notes"]))
    #expect(error?.operation == .retrieve)
    #expect(error?.storeURL?.path(percentEncoded: false) == path(of: storeURL))
  }

  @Test func retrieve_deliversTheCommittedFeedFromTheLogOfAWriterThatDiedMidTransaction()
    async throws
  {
    let directory = try TemporaryDirectory.current
    let writerURL = directory.appending(path: "writer.sqlite")
    let writer = try makeSUT(at: writerURL)
    let committed = FeedStoreFixtures.uniqueCachedFeed()
    try await writer.insert(committed.feed, timestamp: committed.timestamp)
    let leftoverURL = try copyMidTransaction(writerURL, to: directory.appending(path: "dead"))
    let sut = try makeSUT(at: leftoverURL)

    let retrieved = try await sut.retrieve()

    #expect(retrieved == committed)
  }

  // Found by FuzzSQLiteFile: a header and schema that look right over tables that share a page.
  @Test func insert_replacesADatabaseWhoseTablesShareARootPage() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeDatabaseWhoseTablesShareARootPage(in: directory)
    let sut = try makeSUT(at: storeURL)
    let inserted = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

    #expect(try await makeSUT(at: storeURL).retrieve() == inserted)
  }

  @Test func retrieve_throwsOnADatabaseWhoseTablesShareARootPage() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = try await makeDatabaseWhoseTablesShareARootPage(in: directory)
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .damagedStorage)
  }

  // Before: every operation went through the link: retrieve read the other database, insert
  // wrote into it, and SQLite made its side files beside it.
  @Test func operations_refuseALinkAtTheDatabasesPathAndNeverTouchWhereItPoints() async throws {
    let directory = try TemporaryDirectory.current
    let elsewhere = directory.appending(path: "elsewhere", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
    let target = elsewhere.appending(path: "feed.sqlite")
    let targetStore = try makeSUT(at: target)
    try await targetStore.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    await targetStore.closeDatabase()
    let storeURL = directory.appending(path: "feed.sqlite")
    try FileManager.default.createSymbolicLink(at: storeURL, withDestinationURL: target)
    let before = try snapshot(of: elsewhere)
    let sut = try makeSUT(at: storeURL)

    let retrieval = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.retrieve()
    }
    let insertion = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }
    let deletion = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(
      [retrieval, insertion, deletion].map { $0?.reason } == Array(repeating: .notAFile, count: 3)
    )
    #expect(
      [retrieval, insertion, deletion].map { $0?.operation } == [.retrieve, .insert, .delete])
    #expect(
      retrieval?.description
        == "Could not retrieve the cached feed at \(path(of: storeURL)): it is a symbolic link, "
        + "where the database file should be; the store never follows, writes into or removes "
        + "it, so it was left untouched")
    #expect(try snapshot(of: elsewhere) == before)
  }

  // Before: each name got a write-ahead log of its own, so the two names delivered different
  // feeds at once, and a checkpoint through one dropped the other's newer commit.
  @Test func operations_refuseADatabaseWithASecondNameNamingTheCount() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    let writer = try makeSUT(at: storeURL)
    try await writer.insert(cache.feed, timestamp: cache.timestamp)
    await writer.closeDatabase()
    let secondName = directory.appending(path: "second.sqlite")
    try #require(link(path(of: storeURL), path(of: secondName)) == 0)
    let before = try snapshot(of: directory)
    let sut = try makeSUT(at: storeURL)

    let retrieval = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.retrieve()
    }
    let insertion = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }
    let deletion = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(retrieval?.reason == .multipleLinks(count: 2))
    #expect(
      retrieval?.description
        == "Could not retrieve the cached feed at \(path(of: storeURL)): the database file has "
        + "2 names (hard links), and SQLite keeps a write-ahead log for each name, so a commit "
        + "made through one could be lost through another; the store neither reads nor changes "
        + "it: remove the other names to use the store")
    #expect(insertion?.description.contains("has 2 names (hard links)") == true)
    #expect(deletion?.description.contains("has 2 names (hard links)") == true)
    #expect(try snapshot(of: directory) == before)
  }

  @Test func retrieve_deliversNilWithoutCreatingAFileWhenThereIsNone() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(at: directory.appending(path: "feed.sqlite"))

    let retrieved = try await sut.retrieve()

    #expect(retrieved == nil)
    #expect(try snapshot(of: directory).isEmpty)
  }

  @Test func delete_leavesNoFileWhenThereIsNone() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(at: directory.appending(path: "feed.sqlite"))

    try await sut.deleteCachedFeed()

    #expect(try snapshot(of: directory).isEmpty)
  }
}

// MARK: - Helpers

/// Every damage that makes retrieve throw and that this run can make.
private let damages = StorageDamage.allCases.filter { damage in
  damage.isUnreadable && SQLiteFeedStoreFactory.applicability(of: damage) == .applicable
}

/// Whether `error` is the kind of error `damage` calls for.
private func isExpected(_ error: SQLiteFeedStoreError, for damage: StorageDamage) -> Bool {
  switch (damage, error.reason) {
  case (.foreignStorage, .foreignDatabase), (.newerFormatVersion, .unsupportedFormatVersion),
    (.directoryInPlace, .notAFile), (.unreadable, .fileSystem):
    true
  case (.foreignStorage, _), (.newerFormatVersion, _), (.directoryInPlace, _), (.unreadable, _):
    false
  case (_, .damagedStorage):
    // Values of the wrong types too: SQLite's quick check, when the store opens the file, finds
    // the rows that break the schema's CHECK constraints.
    true
  default:
    false
  }
}

/// Puts `damage` at a file of its own in `directory`, made as the conformance run makes it.
///
/// - Returns: The store URL to open on it.
private func makeStorage(damagedAs damage: StorageDamage, in directory: URL) async throws -> URL {
  try await SQLiteFeedStoreFactory(directory: directory).makeStorage(
    damagedAs: damage, afterCaching: FeedStoreFixtures.uniqueCachedFeed())
}

/// A store's database, holding a cache, whose image table's root page is the cache table's: the
/// header, the schema and the version are the store's own, and SQLite notices nothing until it
/// reads the tables.
private func makeDatabaseWhoseTablesShareARootPage(in directory: URL) async throws -> URL {
  let storeURL = directory.appending(path: "feed.sqlite")
  let store = try makeSUT(at: storeURL)
  try await store.insert(FeedStoreFixtures.uniqueImageFeed(count: 3), timestamp: .now)
  await store.closeDatabase()
  try rawConnection(to: storeURL).execute(
    """
    PRAGMA writable_schema = ON;
    UPDATE sqlite_schema SET rootpage = (SELECT rootpage FROM sqlite_schema WHERE name = 'feed_cache')
    WHERE name = 'feed_image';
    PRAGMA writable_schema = OFF;
    PRAGMA wal_checkpoint(TRUNCATE);
    """, "point the image table at the cache table's page")
  return storeURL
}

private func makeSUT(at storeURL: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: storeURL)
}

private func rawConnection(to storeURL: URL) throws -> SQLiteConnection {
  try SQLiteConnection(location: .file(storeURL), busyTimeout: .seconds(1))
}

private func path(of url: URL) -> String {
  url.path(percentEncoded: false)
}

/// Every file under `directory` with its bytes, and every directory with `nil`.
private func snapshot(of directory: URL) throws -> [String: Data?] {
  let paths = try FileManager.default.subpathsOfDirectory(atPath: path(of: directory))
  var entries: [String: Data?] = [:]
  for relativePath in paths {
    let url = directory.appending(path: relativePath)
    var isDirectory: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path(of: url), isDirectory: &isDirectory)
    entries[relativePath] = isDirectory.boolValue ? .some(nil) : try Data(contentsOf: url)
  }
  return entries
}

/// Copies the database at `storeURL` and its write-ahead log, as a writer that died left them,
/// while another connection is in the middle of a transaction whose pages already spilled into
/// the log (so the log holds frames of a transaction that never committed).
///
/// - Returns: The copy's URL, in `directory`.
private func copyMidTransaction(_ storeURL: URL, to directory: URL) throws -> URL {
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  let copyURL = directory.appending(path: "feed.sqlite")
  let logBefore = try Data(contentsOf: URL(filePath: path(of: storeURL) + "-wal")).count
  let writer = try rawConnection(to: storeURL)
  // A one-page cache makes SQLite spill the uncommitted changes into the log.
  try writer.execute(
    """
    PRAGMA cache_size = 1; BEGIN IMMEDIATE; DELETE FROM feed_image; DELETE FROM feed_cache;
    INSERT INTO feed_image (position, id, url)
    WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 300)
    SELECT v, randomblob(16), hex(randomblob(400)) FROM n;
    """, "write without committing")
  let log = try Data(contentsOf: URL(filePath: path(of: storeURL) + "-wal"))
  #expect(log.count > logBefore, "the uncommitted transaction did not reach the log")
  try Data(contentsOf: storeURL).write(to: copyURL)
  try log.write(to: URL(filePath: path(of: copyURL) + "-wal"))
  return copyURL
}
