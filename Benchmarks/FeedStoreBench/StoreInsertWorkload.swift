import FeedCache
import FeedStoreBackends
import Foundation

/// `insert(_:timestamp:)` of the whole fixture into a new, empty store.
struct StoreInsertWorkload: Workload {
  let backend: FeedStoreBackend
  let fixture: Fixture

  var id: RowID { .store(backend.name, .insert) }

  func prepare(in directory: URL) async throws -> any FeedStore {
    try await backend.makeStore(in: directory)
  }

  func run(_ store: any FeedStore) async throws {
    try await store.insert(fixture.images, timestamp: fixture.timestamp)
  }

  func verify(_ output: Void, of store: any FeedStore) async throws {
    let cached = try await store.retrieve()
    try StoreRetrieveWorkload.check(cached, against: fixture, backend: backend.name)
  }
}
