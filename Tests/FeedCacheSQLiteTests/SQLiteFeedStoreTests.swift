import FeedCache
import FeedCacheSQLite
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// What only the SQLite store does, beside the specs every store runs: its schema and its version,
/// exact values, its transactions, the size of its files, and the errors it gives.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreTests {
  // MARK: Creating the database

  @Test func insert_createsSchemaVersion2WithIncrementalAutoVacuum() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)

    try await sut.insert([], timestamp: .now)

    let raw = try rawConnection(to: try #require(sut.storeURL))
    #expect(try raw.integer("PRAGMA user_version", "read the version") == 2)
    #expect(try raw.integer(tableCountSQL, "count the tables") == 2)
    #expect(try raw.integer("PRAGMA auto_vacuum", "read the auto-vacuum mode") == 2)
  }

  @Test func insert_createsTheDatabaseInWriteAheadLogging() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)

    try await sut.insert([], timestamp: .now)

    // Bytes 18 and 19 of the header are 2 in a database in WAL mode, 1 otherwise.
    let header = try Data(contentsOf: try #require(sut.storeURL)).prefix(20)
    #expect(Array(header.suffix(2)) == [2, 2])
  }

  @Test func insert_leavesNoFileButTheDatabaseAndItsSideFiles() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(at: directory.appending(path: "feed.sqlite"))

    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    let files = try FileManager.default.contentsOfDirectory(atPath: path(of: directory))
    #expect(Set(files).isSubset(of: ["feed.sqlite", "feed.sqlite-wal", "feed.sqlite-shm"]))
  }

  @Test func reopening_keepsCacheAndSchema() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    let inserted = FeedStoreFixtures.uniqueCachedFeed()
    let first = try makeSUT(at: storeURL)
    try await first.insert(inserted.feed, timestamp: inserted.timestamp)
    await first.closeDatabase()

    let reopened = try makeSUT(at: storeURL)

    #expect(try await reopened.retrieve() == inserted)
    let raw = try rawConnection(to: storeURL)
    #expect(try raw.integer("PRAGMA user_version", "read the version") == 2)
    #expect(try raw.integer(tableCountSQL, "count the tables") == 2)
  }

  @Test func insert_throwsNamingTheFileWhenTheDirectoryDoesNotExist() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "missing/feed.sqlite")
    let sut = try makeSUT(at: storeURL)

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert([], timestamp: .now)
    }

    #expect(error?.reason == .fileSystem(code: ENOENT))
    #expect(
      error?.description
        == "Could not insert the feed: open its directory at \(path(of: storeURL)): "
        + "\(String(cString: strerror(ENOENT))) (errno \(ENOENT))")
  }

  // MARK: Store URLs

  @Test func init_refusesURLThatIsNotAFileURL() throws {
    let url = try #require(URL(string: "https://example.com/feed.sqlite"))

    let error = #expect(throws: SQLiteFeedStoreError.self) { try makeSUT(at: url) }

    #expect(error?.reason == .notAFileURL)
    #expect(error?.operation == .open)
    #expect(error?.storeURL == url)
  }

  @Test func init_refusesAFileNameWithNoRoomForTheLogsSuffix() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: String(repeating: "n", count: 252))

    let error = #expect(throws: SQLiteFeedStoreError.self) { try makeSUT(at: storeURL) }

    #expect(error?.reason == .fileNameTooLong(bytes: 252, limit: 251))
    #expect(error?.storeURL?.path(percentEncoded: false) == path(of: storeURL))
    #expect(error?.description.contains("-wal") == true)
  }

  // `-journal` does not fit beside the longest name: removing the damaged file once failed on it.
  @Test func insert_replacesADamagedFileWithTheLongestName() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(
      path: String(repeating: "n", count: SQLiteFeedStore.maximumFileNameLength))
    try Data("not a database, but long enough to hold its header".utf8).write(to: storeURL)
    let sut = try makeSUT(at: storeURL)
    let inserted = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

    #expect(try await makeSUT(at: storeURL).retrieve() == inserted)
  }

  @Test func insert_worksWithTheLongestFileNameThatLeavesRoomForTheLog() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(
      path: String(repeating: "n", count: SQLiteFeedStore.maximumFileNameLength))
    let sut = try makeSUT(at: storeURL)
    let inserted = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

    #expect(try await makeSUT(at: storeURL).retrieve() == inserted)
  }

  // MARK: Stored values

  @Test func insert_storesSQLInjectionAsPlainTextAndKeepsTables() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let injection = "'); DROP TABLE feed_image; DROP TABLE feed_cache; --"
    let image = LocalFeedImage(
      id: UUID(), description: injection, location: "\"; DELETE FROM feed_cache; --",
      url: URL(string: "https://a.example/1.jpg?q=';--")!)

    try await sut.insert([image], timestamp: FeedStoreFixtures.preciseTimestamp())

    #expect(try await sut.retrieve()?.feed == [image])
    let raw = try rawConnection(to: try #require(sut.storeURL))
    #expect(try raw.integer(tableCountSQL, "count the tables") == 2)
    #expect(
      try raw.integer(
        "SELECT typeof(description) = 'text' FROM feed_image", "read the description's type")
        == 1)
  }

  @Test func insert_storesTextByteExactlyIncludingNULCharacters() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let description = "before\u{0}after 🌁 e\u{301}"
    let image = LocalFeedImage(
      id: UUID(), description: description, location: nil, url: URL(string: "https://a.example")!)

    try await sut.insert([image], timestamp: .now)

    let raw = try rawConnection(to: try #require(sut.storeURL))
    #expect(
      try raw.integer(
        "SELECT length(CAST(description AS BLOB)) FROM feed_image", "measure the description")
        == Int64(description.utf8.count))
    #expect(try await sut.retrieve()?.feed.first?.description == description)
  }

  @Test func insert_storesNilAsNullAndEmptyStringAsText() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let image = LocalFeedImage(
      id: UUID(), description: nil, location: "", url: URL(string: "https://a.example")!)

    try await sut.insert([image], timestamp: .now)

    let raw = try rawConnection(to: try #require(sut.storeURL))
    #expect(
      try raw.integer(
        "SELECT description IS NULL AND location = '' FROM feed_image", "read the columns")
        == 1)
  }

  @Test func insert_storesIDAsTheUUIDsSixteenBytes() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let image = LocalFeedImage(
      id: UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A")!, description: nil,
      location: nil, url: URL(string: "https://a.example")!)

    try await sut.insert([image], timestamp: .now)

    let raw = try rawConnection(to: try #require(sut.storeURL))
    #expect(
      try raw.integer(
        "SELECT hex(id) = '5A0B1E8C93C14F7E9D0A0F1E2D3C4B5A' FROM feed_image", "read the id")
        == 1)
  }

  @Test func retrieve_deliversNegativeZeroTimestampWithItsSign() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let timestamp = Date(timeIntervalSinceReferenceDate: -0.0)

    try await sut.insert([], timestamp: timestamp)

    let retrieved = try #require(try await sut.retrieve()).timestamp
    #expect(
      retrieved.timeIntervalSinceReferenceDate.bitPattern
        == timestamp.timeIntervalSinceReferenceDate.bitPattern)
  }

  @Test func retrieve_deliversWholeAndSubnormalTimestampsBitForBit() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let intervals: [Double] = [1, -3, .leastNonzeroMagnitude, -.greatestFiniteMagnitude]

    var retrieved: [UInt64] = []
    for interval in intervals {
      try await sut.insert([], timestamp: Date(timeIntervalSinceReferenceDate: interval))
      let cached = try #require(try await sut.retrieve())
      retrieved.append(cached.timestamp.timeIntervalSinceReferenceDate.bitPattern)
    }

    #expect(retrieved == intervals.map(\.bitPattern))
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func insert_refusesANonFiniteTimestampAndKeepsThePreviousCache(_ interval: Double) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert([], timestamp: Date(timeIntervalSinceReferenceDate: interval))
    }

    #expect(error?.reason == .nonFiniteTimestamp)
    #expect(error?.detail == "its time interval \(interval) is not a finite number")
    #expect(try await sut.retrieve() == previous)
  }

  @Test func insert_refusesAURLThatWouldNotReadBackAndKeepsThePreviousCache() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    let unreadable = try #require(URL(dataRepresentation: Data("a b:c".utf8), relativeTo: nil))
    var feed = FeedStoreFixtures.uniqueImageFeed()
    feed[1] = LocalFeedImage(id: UUID(), description: nil, location: nil, url: unreadable)

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(feed, timestamp: .now)
    }

    #expect(error?.reason == .unrepresentableURL(imageIndex: 1))
    #expect(try await sut.retrieve() == previous)
  }

  @Test func retrieve_deliversARelativeURLWithABaseAsItsAbsoluteURL() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let base = try #require(URL(string: "https://images.example.com/feed/"))
    let relative = try #require(URL(string: "photos/1.jpg?size=large", relativeTo: base))
    let image = LocalFeedImage(id: UUID(), description: nil, location: nil, url: relative)

    try await sut.insert([image], timestamp: .now)

    let retrieved = try #require(try await sut.retrieve()?.feed.first?.url)
    #expect(retrieved == relative.absoluteURL)
    #expect(retrieved.absoluteString == "https://images.example.com/feed/photos/1.jpg?size=large")
  }

  // MARK: Schema versions

  @Test func retrieve_readsAVersion1DatabaseWithoutChangingIt() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    let cached = try makeVersion1Database(at: storeURL)
    let before = try Data(contentsOf: storeURL)

    let retrieved = try await makeSUT(at: storeURL).retrieve()

    #expect(retrieved == cached)
    #expect(try Data(contentsOf: storeURL) == before)
  }

  @Test func insert_migratesAVersion1DatabaseToVersion2() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    _ = try makeVersion1Database(at: storeURL)
    let sut = try makeSUT(at: storeURL)
    let timestamp = Date(timeIntervalSinceReferenceDate: -0.0)

    try await sut.insert([], timestamp: timestamp)

    let raw = try rawConnection(to: storeURL)
    #expect(try raw.integer("PRAGMA user_version", "read the version") == 2)
    let retrieved = try #require(try await sut.retrieve()).timestamp
    #expect(retrieved.timeIntervalSinceReferenceDate.sign == .minus)
  }

  // MARK: Bounded storage

  // A feed past the log's 4 MB limit takes about half a second in a debug build: thorough only.
  @Test(.enabled(if: try FeedStoreSpec.profile == .thorough, "a 4 MB feed: thorough only"))
  func delete_shrinksTheFileAndTheLogAfterALargeFeed() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    let sut = try makeSUT(at: storeURL)
    try await sut.insert(largeFeed(count: 2_500), timestamp: .now)
    let sizeWhenFull = try storageSize(of: storeURL)

    try await sut.deleteCachedFeed()

    #expect(sizeWhenFull > 4_000_000)
    #expect(try storageSize(of: storeURL) < 100_000)
  }

  @Test(.enabled(if: try FeedStoreSpec.profile == .thorough, "a 4 MB feed: thorough only"))
  func insert_truncatesTheLogAfterALargeWrite() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    let sut = try makeSUT(at: storeURL)

    try await sut.insert(largeFeed(count: 2_500), timestamp: .now)

    #expect(try size(ofFileAt: path(of: storeURL) + "-wal") == 0)
  }

  // MARK: Transactions and errors

  @Test func insert_rollsBackEverythingWhenAnImageFailsMidway() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    try rawConnection(to: try #require(sut.storeURL)).execute(
      """
      CREATE TRIGGER fail_third_image BEFORE INSERT ON feed_image WHEN NEW.position = 2
      BEGIN SELECT RAISE(ABORT, 'third image refused'); END
      """, "install a failing trigger")

    await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(count: 5), timestamp: .now)
    }

    #expect(try await sut.retrieve() == previous)
  }

  @Test func insert_errorCarriesSQLiteCodeMessageOperationAndPath() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.createDatabaseIfNeeded()
    let storePath = path(of: try #require(sut.storeURL))
    try rawConnection(to: try #require(sut.storeURL)).execute(
      """
      CREATE TRIGGER refuse_cache BEFORE INSERT ON feed_cache
      BEGIN SELECT RAISE(ABORT, 'cache refused'); END
      """, "install a failing trigger")

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert([], timestamp: .now)
    }

    #expect(error?.reason == .sqlite(resultCode: sqliteConstraintTrigger))
    #expect(error?.detail == "cache refused")
    #expect(
      error?.description
        == "Could not insert the feed at \(storePath): SQLite error 1811 (SQLITE_CONSTRAINT): "
        + "cache refused")
  }

  @Test func retrieve_errorNamesOperationAndPathWhenATableIsMissing() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    let storePath = path(of: try #require(sut.storeURL))
    try rawConnection(to: try #require(sut.storeURL)).execute(
      "DROP TABLE feed_image", "drop the image table")

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.storeURL?.path(percentEncoded: false) == storePath)
    #expect(
      error?.description.hasPrefix("Could not retrieve the cached feed at \(storePath)") == true)
  }

  @Test func delete_throwsBusyWhenAnotherConnectionHoldsTheWriteLock() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, busyTimeout: .zero)
    try await sut.createDatabaseIfNeeded()
    let lockHolder = try rawConnection(to: try #require(sut.storeURL))
    try lockHolder.execute("BEGIN IMMEDIATE", "take the write lock")

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.deleteCachedFeed()
    }

    #expect(error?.resultCode.map { $0 & 0xFF } == sqliteBusy)
    #expect(error?.description.contains("SQLITE_BUSY") == true)
    #expect(error?.description.contains("delete the cached feed") == true)
    #expect(error?.storeURL == sut.storeURL)
  }

  @Test func insert_succeedsAgainOnceAFailureHasPassed() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory, busyTimeout: .zero)
    try await sut.createDatabaseIfNeeded()
    let inserted = FeedStoreFixtures.uniqueCachedFeed()
    do {
      let lockHolder = try rawConnection(to: try #require(sut.storeURL))
      try lockHolder.execute("BEGIN IMMEDIATE", "take the write lock")
      _ = try? await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    }

    try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

    #expect(try await sut.retrieve() == inserted)
  }

  @Test func retrieve_throwsNamingTheRowWhenIDIsNotAUUID() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    try rawConnection(to: try #require(sut.storeURL)).execute(
      "UPDATE feed_image SET id = 'not-a-uuid' WHERE position = 1", "corrupt an id")

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .corruptRow(table: "feed_image", row: 1, column: "id"))
    #expect(error?.detail == "it is not the 16 bytes of a UUID")
    #expect(error?.description.contains("row 1 of feed_image") == true)
  }

  @Test func retrieve_throwsNamingTheRowWhenURLDoesNotParse() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    try rawConnection(to: try #require(sut.storeURL)).execute(
      "UPDATE feed_image SET url = 'not a url' WHERE position = 2", "corrupt a URL")

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .corruptRow(table: "feed_image", row: 2, column: "url"))
    #expect(error?.detail == "\"not a url\" is not a URL")
  }

  @Test func retrieve_throwsNamingTheRowWhenTextIsNotUTF8() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(in: directory)
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    try rawConnection(to: try #require(sut.storeURL)).execute(
      "UPDATE feed_image SET location = CAST(X'C328' AS TEXT) WHERE position = 0",
      "store invalid UTF-8")

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .corruptRow(table: "feed_image", row: 0, column: "location"))
    #expect(error?.detail == "it is not valid UTF-8 text")
  }

  // MARK: Lifetime

  // The time limit only turns a connection that never closes into a failure instead of a hang.
  @Test(.timeLimit(.minutes(1))) func deinit_closesTheConnection() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    let wal = path(of: storeURL) + "-wal"

    do {
      let sut = try makeSUT(at: storeURL)
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      #expect(FileManager.default.fileExists(atPath: wal))
    }

    // The connection closes on the store's queue, after the store is gone; the last connection
    // to close checkpoints the write-ahead log and deletes it.
    while FileManager.default.fileExists(atPath: wal) {
      await Task.yield()
    }
  }

  // MARK: In memory

  @Test func inMemory_deliversInsertedCache() async throws {
    let sut = try SQLiteFeedStore.inMemory()
    let inserted = CachedFeed(
      feed: FeedStoreFixtures.edgeCaseImageFeed(),
      timestamp: Date(timeIntervalSinceReferenceDate: -1_234_567_890.987_654_321))

    try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

    #expect(try await sut.retrieve() == inserted)
    #expect(sut.storeURL == nil)
  }

  @Test func inMemory_storesDoNotShareTheirCache() async throws {
    let first = try SQLiteFeedStore.inMemory()
    let second = try SQLiteFeedStore.inMemory()

    try await first.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)

    #expect(try await second.retrieve() == nil)
  }
}

// MARK: - Helpers

/// SQLite's primary result codes the tests check, as in `sqlite3.h`.
private let sqliteBusy: Int32 = 5
/// `SQLITE_CONSTRAINT_TRIGGER`: `SQLITE_CONSTRAINT` (19) | (7 << 8).
private let sqliteConstraintTrigger: Int32 = 1811

private let tableCountSQL = "SELECT count(*) FROM sqlite_master WHERE type = 'table'"

/// A store over a new file in `directory`; `busyTimeout` is zero for a test whose store must
/// fail at once on a lock the test holds, and the default otherwise, so that nothing else this
/// process does at the same moment can fail a test.
private func makeSUT(
  in directory: URL, busyTimeout: Duration = SQLiteFeedStore.defaultBusyTimeout
) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(
    storeURL: directory.appending(path: "\(UUID().uuidString).sqlite"), busyTimeout: busyTimeout)
}

private func makeSUT(at storeURL: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: storeURL)
}

/// A second connection to the store's file, to look at or tamper with what the store wrote.
private func rawConnection(to storeURL: URL) throws -> SQLiteConnection {
  try SQLiteConnection(location: .file(storeURL), busyTimeout: .seconds(1))
}

private func path(of url: URL) -> String {
  url.path(percentEncoded: false)
}

/// Writes a database as version 1 of the store wrote it: a REAL timestamp, in WAL mode.
///
/// - Returns: The cache it holds.
private func makeVersion1Database(at storeURL: URL) throws -> CachedFeed {
  let image = LocalFeedImage(
    id: UUID(uuidString: "5A0B1E8C-93C1-4F7E-9D0A-0F1E2D3C4B5A")!, description: "a description",
    location: nil, url: URL(string: "https://a.example/1.jpg")!)
  let raw = try rawConnection(to: storeURL)
  try raw.execute(
    """
    PRAGMA journal_mode = WAL; BEGIN;
    \(FeedSchema.migrations[0])
    INSERT INTO feed_cache (id, timestamp) VALUES (1, 12.5);
    INSERT INTO feed_image (position, id, description, location, url)
    VALUES (0, X'5A0B1E8C93C14F7E9D0A0F1E2D3C4B5A', 'a description', NULL, 'https://a.example/1.jpg');
    PRAGMA user_version = 1; COMMIT;
    """, "write a version 1 database")
  return CachedFeed(feed: [image], timestamp: Date(timeIntervalSinceReferenceDate: 12.5))
}

/// `count` images of about 2,000 bytes each.
private func largeFeed(count: Int) -> [LocalFeedImage] {
  (0..<count).map { index in
    LocalFeedImage(
      id: UUID(), description: String(repeating: "d", count: 1_900), location: "location \(index)",
      url: URL(string: "https://images.example.com/\(index)/\(UUID().uuidString).jpg")!)
  }
}

/// The size of the database file and its write-ahead log together.
private func storageSize(of storeURL: URL) throws -> Int {
  try size(ofFileAt: path(of: storeURL)) + size(ofFileAt: path(of: storeURL) + "-wal")
}

/// The size of the file at `path`, or 0 when there is none.
private func size(ofFileAt path: String) throws -> Int {
  guard FileManager.default.fileExists(atPath: path) else { return 0 }
  return try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
}
