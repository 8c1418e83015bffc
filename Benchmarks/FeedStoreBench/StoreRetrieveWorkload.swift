import FeedCache
import FeedStoreBackends
import Foundation

/// `retrieve()` from a new store that holds the whole fixture.
struct StoreRetrieveWorkload: Workload {
  let backend: FeedStoreBackend
  let fixture: Fixture

  var id: RowID { .store(backend.name, .retrieve) }

  func prepare(in directory: URL) async throws -> any FeedStore {
    let store = try await backend.makeStore(in: directory)
    try await store.insert(fixture.images, timestamp: fixture.timestamp)
    return store
  }

  func run(_ store: any FeedStore) async throws -> CachedFeed? {
    try await store.retrieve()
  }

  func verify(_ cached: CachedFeed?, of store: any FeedStore) throws {
    try Self.check(cached, against: fixture, backend: backend.name)
  }

  /// Throws unless `cached` is exactly the fixture.
  static func check(_ cached: CachedFeed?, against fixture: Fixture, backend: String) throws {
    guard let cached else {
      throw BenchmarkError("\(backend) retrieved nothing after inserting \(fixture.count) images")
    }
    guard cached.feed == fixture.images, cached.timestamp == fixture.timestamp else {
      throw BenchmarkError(
        "\(backend) retrieved a different feed from the \(fixture.count) images it was given")
    }
  }
}
