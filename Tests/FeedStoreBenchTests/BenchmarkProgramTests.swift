import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct BenchmarkProgramTests {
  @Test func namingError_ofProgramsWithDistinctNames_isNone() {
    #expect(feedStoreBench.namingError == nil)
    #expect(adopterBench.namingError == nil)
  }

  @Test(arguments: refused)
  func namingError_refusesNamesTheCommandLineCouldNotSelect(_ input: Refused) {
    let sut = BenchmarkProgram(name: "bench", stores: input.stores, references: input.references)

    #expect(sut.namingError == BenchmarkError(input.message))
  }

  @Test func storeFloors_areTheSQLiteFloorsWhenTheReferenceBackendsAreLinked() {
    #expect(
      adopterBench.storeFloors.map(\.id) == [.sqliteFloor, .sqliteValuesFloor, .sqliteReadFloor])
    #expect(storeOnlyBench.storeFloors.isEmpty)
  }

  @Test func measured_runsTheStoresAskedForThenTheReferences() {
    let configuration = RunConfiguration(
      stores: ["ArrayFeedStore"], references: ["SQLite", "InMemory"])

    let measured = adopterBench.measured(configuration)

    #expect(
      measured.map { "\($0.kind) \($0.store.name)" }
        == ["store ArrayFeedStore", "reference SQLite", "reference InMemory"])
  }

  // MARK: - Cases

  /// Stores and references, and the whole message that refuses their names.
  struct Refused: CustomTestStringConvertible, Sendable {
    let name: String
    let stores: [BenchmarkedStore]
    let references: [BenchmarkedStore]
    let message: String
    var testDescription: String { name }
  }

  static let refused = [
    Refused(
      name: "no store", stores: [], references: [store("SQLite")],
      message: "there is no store to benchmark"),
    Refused(
      name: "a store named like a reference, in another case", stores: [store("sqlite")],
      references: [store("SQLite")],
      message: "two stores are named 'SQLite'; give one another name"),
    Refused(
      name: "two stores of one name", stores: [store("Mine"), store("Mine")], references: [],
      message: "two stores are named 'Mine'; give one another name"),
    Refused(
      name: "an empty name", stores: [store("")], references: [],
      message: "'' cannot name a store: a name is not empty, has no comma and is not 'all'"),
    Refused(
      name: "a name with a comma", stores: [store("Mine, fast")], references: [],
      message:
        "'Mine, fast' cannot name a store: a name is not empty, has no comma and is not 'all'"),
    Refused(
      name: "all", stores: [store("All")], references: [],
      message: "'All' cannot name a store: a name is not empty, has no comma and is not 'all'"),
  ]

  private static func store(_ name: String) -> BenchmarkedStore {
    BenchmarkedStore(name) { ArrayFeedStoreFactory(directory: $0) }
  }
}
