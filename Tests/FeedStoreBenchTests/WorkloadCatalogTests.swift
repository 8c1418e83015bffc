import FeedCache
import Foundation
import SharedSupport
import Testing

@testable import FeedStoreBenchmarkCore

@Suite(.resamplingByProfile) struct WorkloadCatalogTests {
  /// Every row runs and passes its own check on a small feed: floors, stores and references.
  @Test(arguments: entries(of: adopterBench).map(\.id))
  func workload_runsAndVerifiesOnASmallFeed(_ id: RowID) async throws {
    let entry = try #require(Self.entries(of: adopterBench).first { $0.id == id })
    let workload = entry.workload(try Fixture(count: 10))

    try await withTemporaryDirectory { try await runAndVerify(workload, in: $0) }
  }

  @Test func entries_putTheFloorsFirstThenTheBaselinesThenTheStoresThenTheReferences() {
    let entries = Self.entries(of: adopterBench)

    #expect(
      entries.map(\.id.label) == [
        "floor: memcpy", "floor: write", "floor: build values", "floor: SQLite C API",
        "floor: SQLite C API from Swift values", "floor: SQLite C API read",
        "baseline: write+fsync+rename", "baseline: JSONEncoder",
        "baseline: JSONEncoder, string DTO", "baseline: JSONDecoder",
        "ArrayFeedStore insert", "ArrayFeedStore retrieve", "reference: InMemory insert",
        "reference: InMemory retrieve", "reference: JSONFile insert",
        "reference: JSONFile retrieve", "reference: SQLite insert", "reference: SQLite retrieve",
      ])
  }

  /// An adopter who benchmarks only their store compiles no SQLite, and measures no SQLite floor.
  @Test func entries_withoutTheReferenceBackends_haveNoSQLiteFloor() {
    let entries = Self.entries(of: storeOnlyBench)

    #expect(!entries.contains { $0.id.name.contains("SQLite") })
  }

  /// The SQLite floors come with the SQLite backend whether it runs or not, each once.
  @Test func entries_haveTheSQLiteFloorsOnceWhenTheReferenceBackendsAreLinked() {
    let configuration = RunConfiguration(stores: ["ArrayFeedStore"], references: [])

    let entries = WorkloadCatalog.entries(of: adopterBench, running: configuration)

    #expect(entries.filter { $0.id == .sqliteFloor }.count == 1)
    #expect(!entries.contains { $0.id.kind == .reference })
  }

  @Test(arguments: [StoreOperation.insert, .retrieve])
  func floors_ofAStoreThatKeepsFiles_areTheFloorsOfFileWorkOfItsOperation(
    _ operation: StoreOperation
  ) {
    let store = adopterBench.stores[0]

    let floors = WorkloadCatalog.floors(of: operation, of: store, keepsFiles: true)

    #expect(floors == [operation == .insert ? .writeFloor : .valueFloor])
  }

  /// A store that keeps its feed only in memory does none of the file work: a floor of it would be
  /// one it beats.
  @Test func floors_ofAStoreThatKeepsNoFiles_areNone() {
    let store = adopterBench.stores[0]

    let floors = StoreOperation.allCases.flatMap {
      WorkloadCatalog.floors(of: $0, of: store, keepsFiles: false)
    }

    #expect(floors.isEmpty)
  }

  /// The SQLite floors hold the SQLite store alone, after the floors of file work, tightest last.
  @Test func floors_ofTheSQLiteStore_addTheFloorsItBrings() throws {
    let sqlite = try #require(BenchmarkedStore.referenceBackends.first { $0.name == "SQLite" })

    let insert = WorkloadCatalog.floors(of: .insert, of: sqlite, keepsFiles: true)
    let retrieve = WorkloadCatalog.floors(of: .retrieve, of: sqlite, keepsFiles: true)

    #expect(insert == [.writeFloor, .sqliteFloor, .sqliteValuesFloor])
    #expect(retrieve == [.valueFloor, .sqliteReadFloor])
  }

  /// The Swift values floor's `vs floor` column is its distance from the pre-encoded floor.
  @Test func entries_setTheSwiftValuesFloorAgainstThePreEncodedOne() throws {
    let entry = try #require(Self.entries(of: adopterBench).first { $0.id == .sqliteValuesFloor })

    #expect(entry.floor == .sqliteFloor)
  }

  @Test(arguments: [StoreOperation.insert, .retrieve])
  func storeWorkload_ofAStoreThatDeliversAnotherFeed_failsSayingWhatDiffers(
    _ operation: StoreOperation
  ) async throws {
    let store = BenchmarkedStore("Lossy") { directory in
      ArrayFeedStoreFactory(directory: directory, mangled: { Array($0.dropLast()) })
    }
    let workload = StoreWorkload(store: store, operation: operation, fixture: try Fixture(count: 3))

    await #expect(throws: BenchmarkError.self) {
      try await withTemporaryDirectory { try await runAndVerify(workload, in: $0) }
    }
  }

  @Test func storeWorkload_ofAStoreThatChangesAnImage_namesTheImage() async throws {
    let store = BenchmarkedStore("Careless") { directory in
      ArrayFeedStoreFactory(
        directory: directory,
        mangled: { images in
          images.enumerated().map { index, image in
            index == 1
              ? LocalFeedImage(
                id: image.id, description: nil, location: image.location, url: image.url)
              : image
          }
        })
    }
    let workload = StoreWorkload(store: store, operation: .insert, fixture: try Fixture(count: 3))

    let error = await #expect(throws: BenchmarkError.self) {
      try await withTemporaryDirectory { try await runAndVerify(workload, in: $0) }
    }

    #expect(
      error?.description.hasPrefix(
        "after an insert of 3 images, a retrieve of Careless delivered another feed than it was "
          + "given: its image 1 differs: ") == true)
  }

  /// A store row's probe must not hold the JSON payload, nor the SQLite floor's encoded feed,
  /// in the heap it measures.
  @Test func probedWorkload_ofAStoreRow_buildsOnlyThatStoreWithoutThePayload() throws {
    let workload = try WorkloadCatalog.probedWorkload(
      for: .store("SQLite", .insert), size: 10, in: feedStoreBench)

    let store = try #require(workload as? StoreWorkload)
    #expect(store.fixture.payload.isEmpty)
  }

  /// The child of a memory probe finds a reference's row even when the run did not ask for it.
  @Test func probedWorkload_ofAReferenceRow_buildsThatReference() throws {
    let workload = try WorkloadCatalog.probedWorkload(
      for: .store("JSONFile", .retrieve, kind: .reference), size: 10, in: adopterBench)

    let store = try #require(workload as? StoreWorkload)
    #expect([store.store.name, store.operation.rawValue] == ["JSONFile", "retrieve"])
  }

  @Test func probedWorkload_ofARowThatReadsThePayload_encodesIt() throws {
    let workload = try WorkloadCatalog.probedWorkload(
      for: .writeFloor, size: 10, in: feedStoreBench)

    let floor = try #require(workload as? WriteFloor)
    #expect(!floor.fixture.payload.isEmpty)
  }

  @Test func probedWorkload_ofAnUnknownRow_throwsNamingIt() {
    let id = RowID(kind: .store, name: "Realm", operation: "insert")

    #expect(throws: BenchmarkError("no row Realm insert")) {
      try WorkloadCatalog.probedWorkload(for: id, size: 10, in: feedStoreBench)
    }
  }

  // MARK: - Helpers

  /// Every row `program` can measure: all its stores and references.
  private static func entries(of program: BenchmarkProgram) -> [WorkloadCatalog.Entry] {
    WorkloadCatalog.entries(
      of: program,
      running: RunConfiguration(
        stores: program.stores.map(\.name), references: program.references.map(\.name)))
  }

  private func runAndVerify<W: Workload>(_ workload: W, in directory: URL) async throws {
    let prepared = try await workload.prepare(in: directory)
    let output = try await workload.run(prepared)
    try await workload.verify(output, of: prepared)
  }
}
