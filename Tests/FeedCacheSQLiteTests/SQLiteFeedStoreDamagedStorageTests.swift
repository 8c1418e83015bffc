import FeedCache
import FeedCacheSQLite
import FeedStoreRegistry
import FeedStoreSpecs
import FeedStoreSupport
import Foundation
import Testing

/// The SQLite store on storage that is damaged or not its own: making a store never touches it,
/// retrieve throws naming it and never changes it, and insert and delete replace and remove the
/// store's own unreadable files but refuse, untouched, what belongs to someone else.
@Suite struct SQLiteFeedStoreDamagedStorageTests {
  @Test(arguments: DamagedStorage.allCases)
  func init_leavesTheStorageUntouched(_ damage: DamagedStorage) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await damage.make(in: directory)
      let before = try snapshot(of: directory)

      _ = try makeSUT(at: storeURL)

      #expect(try snapshot(of: directory) == before)
    }
  }

  @Test(arguments: DamagedStorage.allCases)
  func retrieve_throwsNamingTheStorageAndWhatIsWrong(_ damage: DamagedStorage) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await damage.make(in: directory)
      let sut = try makeSUT(at: storeURL)

      let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

      #expect(error.map(damage.isExpectedKind) == true, "\(String(describing: error))")
      #expect(error?.description.contains(path(of: storeURL)) == true)
      #expect(error?.description.contains("retrieve the cached feed") == true)
    }
  }

  @Test(arguments: DamagedStorage.allCases)
  func retrieve_leavesTheStorageUntouched(_ damage: DamagedStorage) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await damage.make(in: directory)
      let before = try snapshot(of: directory)
      let sut = try makeSUT(at: storeURL)

      _ = try? await sut.retrieve()
      _ = try? await sut.retrieve()

      #expect(try snapshot(of: directory) == before)
    }
  }

  @Test(arguments: DamagedStorage.allCases.filter(\.isTheStoresOwn))
  func insert_replacesTheStoresOwnUnreadableStorage(_ damage: DamagedStorage) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await damage.make(in: directory)
      let sut = try makeSUT(at: storeURL)
      let inserted = FeedStoreFixtures.uniqueCachedFeed()

      try await sut.insert(inserted.feed, timestamp: inserted.timestamp)

      #expect(try await sut.retrieve() == inserted)
      #expect(try await makeSUT(at: storeURL).retrieve() == inserted)
    }
  }

  @Test(arguments: DamagedStorage.allCases.filter(\.isTheStoresOwn))
  func delete_removesTheStoresOwnUnreadableStorage(_ damage: DamagedStorage) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await damage.make(in: directory)
      let sut = try makeSUT(at: storeURL)

      try await sut.deleteCachedFeed()

      #expect(try await sut.retrieve() == nil)
      #expect(try snapshot(of: directory).isEmpty)
    }
  }

  @Test(arguments: DamagedStorage.allCases.filter { !$0.isTheStoresOwn })
  func insert_refusesStorageThatIsNotTheStoresAndLeavesItUntouched(
    _ damage: DamagedStorage
  ) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await damage.make(in: directory)
      let before = try snapshot(of: directory)
      let sut = try makeSUT(at: storeURL)

      let error = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }

      #expect(error.map(damage.isExpectedKind) == true, "\(String(describing: error))")
      #expect(error?.description.contains("insert the feed") == true)
      #expect(try snapshot(of: directory) == before)
    }
  }

  @Test(arguments: DamagedStorage.allCases.filter { !$0.isTheStoresOwn })
  func delete_refusesStorageThatIsNotTheStoresAndLeavesItUntouched(
    _ damage: DamagedStorage
  ) async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await damage.make(in: directory)
      let before = try snapshot(of: directory)
      let sut = try makeSUT(at: storeURL)

      let error = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.deleteCachedFeed()
      }

      #expect(error.map(damage.isExpectedKind) == true, "\(String(describing: error))")
      #expect(error?.description.contains("delete the cached feed") == true)
      #expect(try snapshot(of: directory) == before)
    }
  }

  @Test func retrieve_namesTheTablesOfAnotherApplicationsDatabase() async throws {
    try await withTemporaryDirectory { directory in
      let storeURL = try await DamagedStorage.foreignDatabase.make(in: directory)
      let sut = try makeSUT(at: storeURL)

      let error = await #expect(throws: SQLiteFeedStoreError.self) { try await sut.retrieve() }

      #expect(
        error
          == .foreignDatabase(
            operation: "retrieve the cached feed", path: path(of: storeURL),
            tables: ["contacts"]))
    }
  }

  @Test func retrieve_deliversTheCommittedFeedFromTheLogOfAWriterThatDiedMidTransaction()
    async throws
  {
    try await withTemporaryDirectory { directory in
      let writerURL = directory.appending(path: "writer.sqlite")
      let writer = try makeSUT(at: writerURL)
      let committed = FeedStoreFixtures.uniqueCachedFeed()
      try await writer.insert(committed.feed, timestamp: committed.timestamp)
      let leftoverURL = try copyMidTransaction(writerURL, to: directory.appending(path: "dead"))
      let sut = try makeSUT(at: leftoverURL)

      let retrieved = try await sut.retrieve()

      #expect(retrieved == committed)
    }
  }

  @Test func retrieve_deliversNilWithoutCreatingAFileWhenThereIsNone() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(at: directory.appending(path: "feed.sqlite"))

      let retrieved = try await sut.retrieve()

      #expect(retrieved == nil)
      #expect(try snapshot(of: directory).isEmpty)
    }
  }

  @Test func delete_leavesNoFileWhenThereIsNone() async throws {
    try await withTemporaryDirectory { directory in
      let sut = try makeSUT(at: directory.appending(path: "feed.sqlite"))

      try await sut.deleteCachedFeed()

      #expect(try snapshot(of: directory).isEmpty)
    }
  }
}

// MARK: - Damaged storage

/// A state the store's file can be found in that it cannot read.
enum DamagedStorage: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case emptyFile
  case garbage
  case truncatedDatabase
  case wrongShape
  case foreignDatabase
  case newerSchemaVersion
  case directory

  var testDescription: String { rawValue }

  /// Whether the storage is the store's own, to be replaced by insert and removed by delete.
  var isTheStoresOwn: Bool {
    switch self {
    case .emptyFile, .garbage, .truncatedDatabase, .wrongShape: true
    case .foreignDatabase, .newerSchemaVersion, .directory: false
    }
  }

  /// Whether `error` is the kind of error this damage calls for.
  func isExpectedKind(_ error: SQLiteFeedStoreError) -> Bool {
    switch (self, error) {
    case (.emptyFile, .damagedStorage), (.garbage, .damagedStorage),
      (.truncatedDatabase, .damagedStorage), (.wrongShape, .damagedStorage),
      (.foreignDatabase, .foreignDatabase),
      (.newerSchemaVersion, .unsupportedSchemaVersion), (.directory, .notAFile):
      true
    default:
      false
    }
  }

  /// Puts the damaged storage at `feed.sqlite` in `directory`.
  ///
  /// - Returns: The store URL to open on it.
  func make(in directory: URL) async throws -> URL {
    let storeURL = directory.appending(path: "feed.sqlite")
    switch self {
    case .emptyFile:
      try Data().write(to: storeURL)
    case .garbage:
      try Data(String(repeating: "not a database\n", count: 300).utf8).write(to: storeURL)
    case .truncatedDatabase:
      try await makeSUT(at: storeURL).insert(
        FeedStoreFixtures.uniqueImageFeed(count: 200), timestamp: .now)
      let bytes = try Data(contentsOf: storeURL)
      try bytes.prefix(bytes.count / 2).write(to: storeURL)
    case .wrongShape:
      try rawConnection(to: storeURL).execute(
        """
        CREATE TABLE feed_cache (id INTEGER PRIMARY KEY, stamp REAL);
        CREATE TABLE feed_image (position INTEGER PRIMARY KEY, id BLOB);
        PRAGMA user_version = 2;
        """, "make the store's tables in another shape")
    case .foreignDatabase:
      try rawConnection(to: storeURL).execute(
        "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')",
        "make another application's database")
    case .newerSchemaVersion:
      try rawConnection(to: storeURL).execute(
        "CREATE TABLE feed_cache (id, timestamp, etag); PRAGMA user_version = 3",
        "make a database of a newer version")
    case .directory:
      try FileManager.default.createDirectory(at: storeURL, withIntermediateDirectories: false)
      try Data("kept".utf8).write(to: storeURL.appending(path: "inside"))
    }
    return storeURL
  }
}

// MARK: - Helpers

private func makeSUT(at storeURL: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: storeURL, busyTimeout: .zero)
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
