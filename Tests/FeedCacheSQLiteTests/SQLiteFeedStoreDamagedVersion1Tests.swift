import FeedCache
import FeedCacheSQLite
import FeedStoreSpecs
import Foundation
import Testing

/// A version-1 database whose cache row no version of the store writes (an id other than 1, a
/// timestamp that is not a number) is damaged storage in the store's own format: retrieve throws,
/// and insert replaces it and delete removes it, instead of failing in the migration forever.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreDamagedVersion1Tests {
  @Test(arguments: DamagedVersion1Row.allCases)
  func retrieve_throwsOnADamagedVersion1CacheRow(_ row: DamagedVersion1Row) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(damagedAs: row, in: directory)

    await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }
  }

  @Test(arguments: DamagedVersion1Row.allCases)
  func insert_replacesADamagedVersion1CacheRow(_ row: DamagedVersion1Row) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(damagedAs: row, in: directory)
    let new = FeedStoreFixtures.uniqueCachedFeed()

    try await sut.insert(new.feed, timestamp: new.timestamp)

    #expect(try await sut.retrieve() == new)
  }

  @Test(arguments: DamagedVersion1Row.allCases)
  func delete_removesADamagedVersion1CacheRow(_ row: DamagedVersion1Row) async throws {
    let directory = try TemporaryDirectory.current
    let sut = try makeSUT(damagedAs: row, in: directory)

    try await sut.deleteCachedFeed()

    #expect(try await sut.retrieve() == nil)
  }

  private func makeSUT(damagedAs row: DamagedVersion1Row, in directory: URL) throws
    -> SQLiteFeedStore
  {
    let storeURL = directory.appending(path: "feed.sqlite")
    try SQLiteConnection(location: .file(storeURL), busyTimeout: .seconds(1)).execute(
      """
      PRAGMA journal_mode = WAL; BEGIN;
      CREATE TABLE feed_cache (
        id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1), timestamp \(row.timestampType)
      );
      CREATE TABLE feed_image (
        position INTEGER PRIMARY KEY NOT NULL, id BLOB NOT NULL, description TEXT,
        location TEXT, url TEXT NOT NULL
      );
      PRAGMA ignore_check_constraints = ON;
      INSERT INTO feed_cache (id, timestamp) VALUES (\(row.id), \(row.timestamp));
      INSERT INTO feed_image (position, id, description, location, url)
      VALUES (0, X'5A0B1E8C93C14F7E9D0A0F1E2D3C4B5A', NULL, NULL, 'https://a.example/1.jpg');
      PRAGMA user_version = 1; COMMIT;
      """, "write a damaged version 1 database")
    return try SQLiteFeedStore(storeURL: storeURL)
  }
}

/// A cache row of a version-1 database that no version of the store writes.
///
/// Version 1 declared `timestamp REAL NOT NULL`; the rows that need another declaration (a NULL,
/// text that REAL affinity would turn into a number) come from a tool that made the file by hand.
enum DamagedVersion1Row: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case idOtherThanOne
  case textTimestamp
  case blobTimestamp
  case nullTimestamp
  case numericTextTimestamp

  var id: Int { self == .idOtherThanOne ? 2 : 1 }

  var timestamp: String {
    switch self {
    case .idOtherThanOne: "12.5"
    case .textTimestamp: "'yesterday'"
    case .blobTimestamp: "X'00FF'"
    case .nullTimestamp: "NULL"
    case .numericTextTimestamp: "'12.5'"
    }
  }

  var timestampType: String {
    switch self {
    case .nullTimestamp: "REAL"
    case .numericTextTimestamp: "TEXT NOT NULL"
    default: "REAL NOT NULL"
    }
  }

  var testDescription: String { rawValue }
}
