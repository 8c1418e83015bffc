import FeedStoreBackends
import FeedStoreSupport
import Foundation
import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct WorkloadCatalogTests {
  /// Every row runs and passes its own check on a small feed, floors and stores alike.
  @Test(arguments: WorkloadCatalog.entries(backends: FeedStoreBackend.all).map(\.id))
  func workload_runsAndVerifiesOnASmallFeed(_ id: RowID) async throws {
    let entry = try #require(
      WorkloadCatalog.entries(backends: FeedStoreBackend.all).first { $0.id == id })
    let workload = entry.workload(try Fixture(count: 10))

    try await withTemporaryDirectory { try await runAndVerify(workload, in: $0) }
  }

  /// A store row's probe must not hold the JSON payload, nor the SQLite floor's encoded feed,
  /// in the heap it measures.
  @Test func probedWorkload_ofAStoreRow_buildsOnlyThatStoreWithoutThePayload() throws {
    let workload = try WorkloadCatalog.probedWorkload(for: .store("SQLite", .insert), size: 10)

    let store = try #require(workload as? StoreWorkload)
    #expect(store.fixture.payload.isEmpty)
  }

  @Test func probedWorkload_ofARowThatReadsThePayload_encodesIt() throws {
    let workload = try WorkloadCatalog.probedWorkload(for: .writeFloor, size: 10)

    let floor = try #require(workload as? WriteFloor)
    #expect(!floor.fixture.payload.isEmpty)
  }

  @Test func entries_setEachStoreRowAgainstTheFloorOfItsOperation() {
    let entries = WorkloadCatalog.entries(backends: FeedStoreBackend.all)

    let floors = entries.filter { $0.id.kind == .store }.map {
      "\($0.id.label): \($0.floor?.label ?? "")"
    }

    #expect(
      floors
        == FeedStoreBackend.all.flatMap {
          [
            "\($0.name) insert: floor: write+fsync+rename",
            "\($0.name) retrieve: floor: build values",
          ]
        })
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
