import FeedCache
import FeedStoreBenchmarkCore
import Foundation

/// SQLite itself inserting or reading the fixture's images through its C API, on a database set
/// up untimed as the SQLite store sets up its own: the floors that come with the SQLite reference
/// backend (docs/Benchmarks.md explains each).
struct SQLiteFloor: Workload {
  /// What the floor times.
  enum Operation: Sendable {
    /// An insert of the images' bytes, encoded before the clock starts: the physical limit.
    case insertEncoded(PreEncodedFeed)
    /// An insert that reads each image's Swift values, as a store must.
    case insertValues
    /// A read of every row into values, from a database that holds the images.
    case read
  }

  /// The floors, in report order, each after the floor it is divided by: floors of the SQLite
  /// store's insert and retrieve, which no other store is held to.
  static let entries = [
    WorkloadCatalog.Entry(id: .sqliteFloor, floor: .writeFloor, bounds: .insert) { fixture in
      SQLiteFloor(fixture: fixture, operation: .insertEncoded(PreEncodedFeed(fixture.images)))
    },
    WorkloadCatalog.Entry(id: .sqliteValuesFloor, floor: .sqliteFloor, bounds: .insert) {
      SQLiteFloor(fixture: $0, operation: .insertValues)
    },
    WorkloadCatalog.Entry(id: .sqliteReadFloor, floor: .valueFloor, bounds: .retrieve) {
      SQLiteFloor(fixture: $0, operation: .read)
    },
  ]

  let fixture: Fixture
  let operation: Operation

  func prepare(in directory: URL) async throws -> SQLiteFloorDatabase {
    let database = try await SQLiteFloorDatabase.creatingFile(
      at: directory.appending(path: "floor.sqlite"))
    if case .read = operation {
      try database.insert(fixture.images, timestamp: fixture.timestamp)
    }
    return database
  }

  func run(_ database: SQLiteFloorDatabase) throws -> CachedFeed? {
    switch operation {
    case .insertEncoded(let feed):
      try database.insert(feed, timestamp: fixture.timestamp)
      return nil
    case .insertValues:
      try database.insert(fixture.images, timestamp: fixture.timestamp)
      return nil
    case .read:
      return try database.read()
    }
  }

  func verify(_ output: CachedFeed?, of database: SQLiteFloorDatabase) throws {
    let stored: CachedFeed?
    if case .read = operation { stored = output } else { stored = try database.read() }
    if let difference = fixture.difference(from: stored) {
      throw BenchmarkError("the SQLite floor's database does not hold the fixture: \(difference)")
    }
  }
}
