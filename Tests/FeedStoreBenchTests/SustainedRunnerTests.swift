import FeedStoreBenchmarkReferences
import Foundation
import SharedSupport
import Testing

@testable import FeedStoreBenchmarkCore

@Suite(.resamplingByProfile) struct SustainedRunnerTests {
  @Test func run_measuresTheDurableWriteBaselineThenEachStore() async throws {
    let rows = try await run(backends: ["InMemory", "SQLite"])

    #expect(
      rows.map(\.label) == [
        "baseline: write+fsync+rename", "InMemory sustained insert", "SQLite sustained insert",
      ])
  }

  /// Every row's inserts alternate with the baseline's, so each store's drift is set against it.
  @Test func run_setsEachStoresDriftAgainstTheBaselinesAndNotTheBaselinesOwn() async throws {
    let rows = try await run(backends: ["InMemory", "JSONFile"])

    #expect(rows.map { $0.driftBeyondMachine != nil } == [false, true, true])
    #expect(Set(rows.map(\.inserts)) == [6])
  }

  @Test func run_labelsAReferencesRowAsOne() async throws {
    let rows = try await run(backends: ["JSONFile"], kind: .reference)

    #expect(rows.last?.label == "reference: JSONFile sustained insert")
  }

  @Test func run_ofAStoreThatDeliversAnotherFeed_failsNamingTheStoreAndTheInsert() async throws {
    let lossy = BenchmarkedStore("Lossy") { directory in
      ArrayFeedStoreFactory(directory: directory, mangled: { Array($0.dropLast()) })
    }
    let sut = SustainedRunner(
      configuration: SustainedConfiguration(inserts: 6, retrieveEvery: 3, readers: 0),
      stores: [(lossy, .store)])

    let error = await #expect(throws: BenchmarkError.self) {
      try await withTemporaryDirectory { try await sut.run(in: $0).rows }
    }

    #expect(
      error?.description.hasPrefix(
        "Lossy sustained insert failed: after insert 3, a retrieve delivered the timestamp of "
          + "feed 3 with ") == true)
  }

  @Test func run_timesEveryInsertAndARetrieveEveryKInserts() async throws {
    let rows = try await run(backends: ["JSONFile"])

    let row = try #require(rows.last)
    #expect(row.inserts == 6)
    #expect(row.retrieve != nil)
    #expect(row.storageEndBytes > 0)
    #expect(row.leftoverFiles.isEmpty)
  }

  @Test func run_listsNoLeftoversForAStoreThatKeepsItsFileOpen() async throws {
    let rows = try await run(backends: ["SQLite"])

    let row = try #require(rows.last)
    #expect(row.leftoverFiles == [])
  }

  /// A factory that names each store's file or directory by a new UUID, as spec factories do:
  /// the two stores' files still compare, and every file's bytes count.
  @Test(arguments: ["UUID/count", "UUID.count"])
  func run_ofAStoreNamedByANewUUID_listsNoLeftoversAndCountsItsFiles(_ shape: String) async throws {
    let store = BenchmarkedStore("Named") { directory in
      ArrayFeedStoreFactory(
        directory: directory, fileName: { shape.replacing("UUID", with: UUID().uuidString) })
    }
    let sut = SustainedRunner(
      configuration: SustainedConfiguration(inserts: 6, retrieveEvery: 3, readers: 0),
      stores: [(store, .store)])

    let rows = try await withTemporaryDirectory { try await sut.run(in: $0).rows }

    let row = try #require(rows.last)
    #expect(row.leftoverFiles == [])
    #expect(row.storageEndBytes > 0)
  }

  /// Files named by a new UUID compare as one name, but each one more than the store left after
  /// a single insert is a leftover.
  @Test func run_listsEachFileMoreThanAfterOneInsertAsALeftover() async throws {
    let store = BenchmarkedStore("Littering") { directory in
      ArrayFeedStoreFactory(directory: directory, litters: true)
    }
    let sut = SustainedRunner(
      configuration: SustainedConfiguration(inserts: 3, retrieveEvery: 1, readers: 0),
      stores: [(store, .store)])

    let rows = try await withTemporaryDirectory { try await sut.run(in: $0).rows }

    let leftovers = try #require(rows.last?.leftoverFiles)
    #expect(leftovers.count == 2)
    #expect(leftovers.allSatisfy { $0.hasSuffix(".tmp") })
  }

  @Test func run_letsEachReaderRetrieveAtLeastOnceDuringTheReadersPhase() async throws {
    let rows = try await run(backends: ["InMemory"])

    let readers = try #require(rows.last?.readers)
    #expect(readers.readers == 2)
    #expect(readers.retrieves >= 2)
  }

  @Test func feeds_holdTwentyToTwoHundredImagesAndThePayloadIsTheirJSON() throws {
    let feeds = try SustainedFeeds(count: 12)

    for index in 0..<feeds.count {
      let decoded = try JSONImage.decode(feeds.payload(index))
      #expect(decoded == feeds.feed(index))
      #expect(SustainedFeeds.sizes.contains(decoded.count))
    }
  }

  @Test func feeds_areTheSameForTheSameCount() throws {
    let first = try SustainedFeeds(count: 20)
    let second = try SustainedFeeds(count: 20)

    #expect((0..<20).map(first.feed) == (0..<20).map(second.feed))
  }

  // MARK: - Helpers

  private func run(
    backends names: [String], kind: RowID.Kind = .store
  ) async throws -> [SustainedRow] {
    let stores = BenchmarkedStore.referenceBackends.filter { names.contains($0.name) }
    let sut = SustainedRunner(
      configuration: SustainedConfiguration(inserts: 6, retrieveEvery: 3, readers: 2),
      stores: stores.map { ($0, kind) })
    return try await withTemporaryDirectory { directory in
      try await sut.run(in: directory).rows
    }
  }
}
