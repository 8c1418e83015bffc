import CSQLite
import FeedCache
import Foundation

/// Floors (c) and (d): the least SQLite itself does for a store's insert and retrieve, through its
/// C API, on a database set up untimed as the SQLite store sets up its own (see
/// ``SQLiteFloorDatabase``).
///
/// Insert, timed: `BEGIN IMMEDIATE`, the cache row, every image through one reused statement,
/// `COMMIT`. The images' bytes are encoded before the clock starts (UTF-8 text, 16-byte ids) and
/// bound with `SQLITE_STATIC`, so SQLite neither copies them nor waits for Swift to produce them.
/// Like the store's, the commit does not sync by itself: in WAL with `synchronous = NORMAL`,
/// SQLite syncs when it checkpoints, which is at close, after the clock stopped, unless the
/// transaction took the log past 1,000 pages (100,000 images do): then the `COMMIT` checkpoints,
/// inside the timed region.
///
/// Read, timed: in one read transaction, the cache row and every image row in position order,
/// each made into a `LocalFeedImage` (`UUID` from the 16-byte blob, text checked as UTF-8,
/// `URL(string:)`), as a store's retrieve must at least do.
struct SQLiteFloorWorkload: Workload {
  let fixture: Fixture
  let operation: StoreOperation

  var id: RowID { operation == .insert ? .sqliteFloor : .sqliteReadFloor }

  func prepare(in directory: URL) throws -> SQLiteFloorDatabase {
    let database = try SQLiteFloorDatabase(
      creatingFileAt: directory.appending(path: "floor.sqlite"),
      feed: PreEncodedFeed(fixture.images), timestamp: fixture.timestamp)
    if operation == .retrieve {
      try database.insert()
    }
    return database
  }

  func run(_ database: SQLiteFloorDatabase) throws -> CachedFeed? {
    switch operation {
    case .insert:
      try database.insert()
      return nil
    case .retrieve:
      return try database.read()
    }
  }

  func verify(_ output: CachedFeed?, of database: SQLiteFloorDatabase) throws {
    let stored = operation == .insert ? try database.read() : output
    guard stored == CachedFeed(feed: fixture.images, timestamp: fixture.timestamp) else {
      throw BenchmarkError(
        "\(id.label) did not keep the fixture: read \(stored?.feed.count ?? 0) of its "
          + "\(fixture.count) images")
    }
  }
}
