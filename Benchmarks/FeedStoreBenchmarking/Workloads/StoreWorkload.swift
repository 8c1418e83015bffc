import FeedCache
import FeedStoreBackends
import Foundation

/// One operation of a registered backend: `insert(_:timestamp:)` of the whole fixture into a new,
/// empty store, or `retrieve()` from a new store that holds it.
struct StoreWorkload: Workload {
  let backend: FeedStoreBackend
  let operation: StoreOperation
  let fixture: Fixture

  var id: RowID { .store(backend.name, operation) }

  func prepare(in directory: URL) async throws -> any FeedStore {
    let store = try await backend.makeStore(in: directory)
    if operation == .retrieve {
      try await store.insert(fixture.images, timestamp: fixture.timestamp)
    }
    return store
  }

  func run(_ store: any FeedStore) async throws -> CachedFeed? {
    switch operation {
    case .insert:
      try await store.insert(fixture.images, timestamp: fixture.timestamp)
      return nil
    case .retrieve:
      return try await store.retrieve()
    }
  }

  func verify(_ output: CachedFeed?, of store: any FeedStore) async throws {
    let cached = operation == .insert ? try await store.retrieve() : output
    guard cached == CachedFeed(feed: fixture.images, timestamp: fixture.timestamp) else {
      throw BenchmarkError(
        "\(backend) retrieved \(cached.map { "\($0.feed.count) images" } ?? "nothing"), not the "
          + "\(fixture.count) images it was given")
    }
  }
}
