import FeedStoreBackends
import FeedStoreSupport
import Foundation
import Testing

@testable import FeedStoreBenchmarking

@Suite struct WorkloadCatalogTests {
  /// Every row runs and passes its own check on a small feed, floors and stores alike.
  @Test(arguments: WorkloadCatalog.ids(backends: FeedStoreBackend.all))
  func workload_runsAndVerifiesOnASmallFeed(_ id: RowID) async throws {
    let fixture = try Fixture(count: 10)
    let workload = try #require(
      WorkloadCatalog.workload(for: id, fixture: fixture, backends: FeedStoreBackend.all))

    try await withTemporaryDirectory { directory in
      try await runAndVerify(workload, in: directory)
    }

    #expect(workload.id == id)
  }

  /// A store row's probe must not hold the JSON payload, nor the SQLite floor's encoded feed,
  /// in the heap it measures.
  @Test func probedWorkload_ofAStoreRow_buildsOnlyThatStoreWithoutThePayload() throws {
    let id = RowID.store("SQLite", .insert)

    let workload = try WorkloadCatalog.probedWorkload(for: id, size: 10)

    let store = try #require(workload as? StoreWorkload)
    #expect(store.id == id)
    #expect(store.fixture.payload.isEmpty)
  }

  @Test func probedWorkload_ofARowThatReadsThePayload_encodesIt() throws {
    let workload = try WorkloadCatalog.probedWorkload(for: .writeFloor, size: 10)

    let floor = try #require(workload as? WriteFloorWorkload)
    #expect(!floor.fixture.payload.isEmpty)
  }

  @Test func probedWorkload_ofAnUnknownRow_throwsNamingIt() {
    let id = RowID(kind: .store, name: "Realm", operation: "insert")

    #expect(throws: BenchmarkError.self) {
      try WorkloadCatalog.probedWorkload(for: id, size: 10)
    }
  }

  // MARK: - Helpers

  private func runAndVerify<W: Workload>(_ workload: W, in directory: URL) async throws {
    let prepared = try await workload.prepare(in: directory)
    let output = try await workload.run(prepared)
    try await workload.verify(output, of: prepared)
  }
}
