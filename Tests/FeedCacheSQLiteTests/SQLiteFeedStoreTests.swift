import FeedCache
import FeedCacheSQLite
import FeedStoreBackends
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// What only the SQLite store does, beside the specs every store runs: its schema and its version,
/// the files it refuses, exact text, its transactions, and the errors it gives.
@Suite struct SQLiteFeedStoreTests {
  // MARK: Opening

  @Test func open_createsSchemaAndRecordsVersion1() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")

      _ = try makeSUT(at: storeURL)

      let raw = try rawConnection(to: storeURL)
      #expect(try raw.integer("PRAGMA user_version", "read the version") == 1)
      #expect(try raw.integer(tableCountSQL, "count the tables") == 2)
    }
  }

  @Test func open_reopeningExistingFileKeepsCacheAndSchema() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")
      let inserted = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      try await makeSUT(at: storeURL).insert(inserted.feed, timestamp: inserted.timestamp)

      let reopened = try makeSUT(at: storeURL)

      #expect(try await reopened.retrieve() == inserted)
      let raw = try rawConnection(to: storeURL)
      #expect(try raw.integer("PRAGMA user_version", "read the version") == 1)
      #expect(try raw.integer(tableCountSQL, "count the tables") == 2)
    }
  }

  @Test func open_usesWriteAheadLogging() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")

      _ = try makeSUT(at: storeURL)

      // Bytes 18 and 19 of the header are 2 in a database in WAL mode, 1 otherwise.
      let header = try Data(contentsOf: storeURL).prefix(20)
      #expect(Array(header.suffix(2)) == [2, 2])
    }
  }

  @Test func open_refusesFileThatIsNotADatabase() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")
      try Data(String(repeating: "not a database\n", count: 300).utf8).write(to: storeURL)

      let error = #expect(throws: SQLiteFeedStoreError.self) { try makeSUT(at: storeURL) }

      #expect(error?.resultCode.map { $0 & 0xFF } == sqliteNotADB)
      #expect(error?.description.contains("SQLITE_NOTADB") == true)
      #expect(error?.description.contains("file is not a database") == true)
      #expect(error?.description.contains(storeURL.path(percentEncoded: false)) == true)
    }
  }

  @Test func open_leavesFileThatIsNotADatabaseUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")
      let garbage = Data(String(repeating: "not a database\n", count: 300).utf8)
      try garbage.write(to: storeURL)

      _ = try? makeSUT(at: storeURL)

      #expect(try Data(contentsOf: storeURL) == garbage)
    }
  }

  @Test func open_refusesFutureSchemaVersion() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")
      try rawConnection(to: storeURL).execute("PRAGMA user_version = 2", "set a future version")

      let error = #expect(throws: SQLiteFeedStoreError.self) { try makeSUT(at: storeURL) }

      #expect(
        error
          == .unsupportedSchemaVersion(
            found: 2, newestSupported: 1, path: storeURL.path(percentEncoded: false)))
      #expect(error?.description.contains("schema version 2") == true)
    }
  }

  @Test func open_leavesFutureSchemaVersionDatabaseUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")
      try rawConnection(to: storeURL).execute(
        "CREATE TABLE future (x); PRAGMA user_version = 2", "make a future database")
      let before = try Data(contentsOf: storeURL)

      _ = try? makeSUT(at: storeURL)

      #expect(try Data(contentsOf: storeURL) == before)
    }
  }

  @Test func open_refusesURLThatIsNotAFileURL() throws {
    let url = try #require(URL(string: "https://example.com/feed.sqlite"))

    let error = #expect(throws: SQLiteFeedStoreError.self) { try makeSUT(at: url) }

    #expect(error == .notAFileURL(url))
  }

  @Test func open_throwsCantOpenWhenDirectoryDoesNotExist() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "missing/feed.sqlite")

      let error = #expect(throws: SQLiteFeedStoreError.self) { try makeSUT(at: storeURL) }

      #expect(error?.resultCode.map { $0 & 0xFF } == sqliteCantOpen)
    }
  }

  // MARK: Stored values

  @Test func insert_storesSQLInjectionAsPlainTextAndKeepsTables() async throws {
    try await withTemporaryDirectory { directory in
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
  }

  @Test func insert_storesTextByteExactlyIncludingNULCharacters() async throws {
    try await withTemporaryDirectory { directory in
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
  }

  @Test func insert_storesNilAsNullAndEmptyStringAsText() async throws {
    try await withTemporaryDirectory { directory in
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
  }

  @Test func insert_storesIDAsTheUUIDsSixteenBytes() async throws {
    try await withTemporaryDirectory { directory in
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
  }

  // MARK: Transactions and errors

  @Test func insert_rollsBackEverythingWhenAnImageFailsMidway() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(in: directory)
      let previous = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
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
  }

  @Test func insert_errorCarriesSQLiteCodeMessageAndOperation() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(in: directory)
      try rawConnection(to: try #require(sut.storeURL)).execute(
        """
        CREATE TRIGGER refuse_cache BEFORE INSERT ON feed_cache
        BEGIN SELECT RAISE(ABORT, 'cache refused'); END
        """, "install a failing trigger")

      let error = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.insert([], timestamp: .now)
      }

      #expect(
        error
          == .sqlite(
            operation: "insert the feed", resultCode: sqliteConstraintTrigger,
            message: "cache refused"))
      #expect(
        error?.description
          == "Could not insert the feed: SQLite error 1811 (SQLITE_CONSTRAINT): cache refused")
    }
  }

  @Test func delete_throwsBusyWhenAnotherConnectionHoldsTheWriteLock() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(in: directory)
      let lockHolder = try rawConnection(to: try #require(sut.storeURL))
      try lockHolder.execute("BEGIN IMMEDIATE", "take the write lock")

      let error = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.deleteCachedFeed()
      }

      #expect(error?.resultCode.map { $0 & 0xFF } == sqliteBusy)
      #expect(error?.description.contains("SQLITE_BUSY") == true)
      #expect(error?.description.contains("delete the cached feed") == true)
    }
  }

  @Test func insert_succeedsAgainOnceAFailureHasPassed() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(in: directory)
      let inserted = CachedFeed(
        feed: FeedStoreFixtures.uniqueImageFeed(), timestamp: FeedStoreFixtures.preciseTimestamp())
      do {
        let lockHolder = try rawConnection(to: try #require(sut.storeURL))
        try lockHolder.execute("BEGIN IMMEDIATE", "take the write lock")
        _ = try? await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }

      try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

      #expect(try await sut.retrieve() == inserted)
    }
  }

  @Test func retrieve_throwsNamingTheRowWhenIDIsNotAUUID() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(in: directory)
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      try rawConnection(to: try #require(sut.storeURL)).execute(
        "UPDATE feed_image SET id = 'not-a-uuid' WHERE position = 1", "corrupt an id")

      let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

      #expect(
        error
          == .corruptRow(
            table: "feed_image", row: 1, column: "id", problem: "it is not the 16 bytes of a UUID"))
      #expect(error?.description.contains("row 1 of feed_image") == true)
    }
  }

  @Test func retrieve_throwsNamingTheRowWhenURLDoesNotParse() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(in: directory)
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      try rawConnection(to: try #require(sut.storeURL)).execute(
        "UPDATE feed_image SET url = 'not a url' WHERE position = 2", "corrupt a URL")

      let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

      #expect(
        error
          == .corruptRow(
            table: "feed_image", row: 2, column: "url", problem: "\"not a url\" is not a URL"))
    }
  }

  @Test func retrieve_throwsNamingTheRowWhenTextIsNotUTF8() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(in: directory)
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      try rawConnection(to: try #require(sut.storeURL)).execute(
        "UPDATE feed_image SET location = CAST(X'C328' AS TEXT) WHERE position = 0",
        "store invalid UTF-8")

      let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

      #expect(
        error
          == .corruptRow(
            table: "feed_image", row: 0, column: "location",
            problem: "it is not valid UTF-8 text"))
    }
  }

  // MARK: Lifetime

  @Test func deinit_closesTheConnection() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = directory.appending(path: "feed.sqlite")
      let wal = storeURL.path(percentEncoded: false) + "-wal"

      do {
        let sut = try makeSUT(at: storeURL)
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
        #expect(FileManager.default.fileExists(atPath: wal))
      }

      // The last connection to close checkpoints the write-ahead log and deletes it.
      #expect(!FileManager.default.fileExists(atPath: wal))
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
private let sqliteCantOpen: Int32 = 14
private let sqliteNotADB: Int32 = 26
/// `SQLITE_CONSTRAINT_TRIGGER`: `SQLITE_CONSTRAINT` (19) | (7 << 8).
private let sqliteConstraintTrigger: Int32 = 1811

private let tableCountSQL = "SELECT count(*) FROM sqlite_master WHERE type = 'table'"

private func makeSUT(in directory: URL) throws -> SQLiteFeedStore {
  try makeSUT(at: directory.appending(path: "\(UUID().uuidString).sqlite"))
}

private func makeSUT(at storeURL: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: storeURL, busyTimeout: .zero)
}

/// A second connection to the store's file, to look at or tamper with what the store wrote.
private func rawConnection(to storeURL: URL) throws -> SQLiteConnection {
  try SQLiteConnection(location: .file(storeURL), busyTimeout: .seconds(1))
}
