import FeedCache
import FeedStoreBenchmarkCore
import Foundation

/// SQLite itself inserting or reading the fixture's images through its C API, on a database set
/// up untimed as the SQLite store sets up its own: the floors that come with the SQLite reference
/// backend (docs/Benchmarks.md explains each).
struct SQLiteFloor: Workload {
  /// The floors, in report order, each after the floor it is divided by.
  static let entries = [
    WorkloadCatalog.Entry(id: .sqliteFloor, floor: .writeFloor) {
      SQLiteFloor(fixture: $0, reads: false)
    },
    WorkloadCatalog.Entry(id: .sqliteReadFloor, floor: .valueFloor) {
      SQLiteFloor(fixture: $0, reads: true)
    },
  ]

  let fixture: Fixture
  /// Whether the floor reads every row into values, from a database that holds the images,
  /// rather than inserting their bytes, encoded before the clock starts.
  let reads: Bool

  func prepare(in directory: URL) async throws -> SQLiteFloorDatabase {
    let database = try await SQLiteFloorDatabase.creatingFile(
      at: directory.appending(path: "floor.sqlite"), feed: PreEncodedFeed(fixture.images),
      timestamp: fixture.timestamp)
    if reads {
      try database.insert()
    }
    return database
  }

  func run(_ database: SQLiteFloorDatabase) throws -> CachedFeed? {
    guard reads else {
      try database.insert()
      return nil
    }
    return try database.read()
  }

  func verify(_ output: CachedFeed?, of database: SQLiteFloorDatabase) throws {
    let stored = reads ? output : try database.read()
    if let difference = fixture.difference(from: stored) {
      throw BenchmarkError("the SQLite floor's database does not hold the fixture: \(difference)")
    }
  }
}
