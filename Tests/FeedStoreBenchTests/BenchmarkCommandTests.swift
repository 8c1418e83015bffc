import Foundation
import SharedSupport
import Testing

@testable import FeedStoreBenchmarkCore

/// The whole command, in this process, on tiny runs: what an adopter's executable does.
@Suite(.resamplingByProfile) struct BenchmarkCommandTests {
  @Test func run_ofAnAdoptersProgram_reportsItsStoreBesideTheFloorsWithoutReferences() async throws
  {
    let report = try await withTemporaryDirectory { directory in
      let (status, report) = try await run(adopterBench, [], in: directory)
      #expect(status == .success)
      return report
    }

    let stores = report?.rows.filter(\.id.isStore).map(\.label)
    #expect(stores == ["ArrayFeedStore insert", "ArrayFeedStore retrieve"])
    #expect(report?.rows.contains { $0.id == .sqliteValuesFloor } == true)
    #expect(report?.tool == "my-store-bench")
  }

  @Test func run_withOneReference_setsThatBackendBesideTheStore() async throws {
    let report = try await withTemporaryDirectory { directory in
      try await run(adopterBench, ["--references", "sqlite"], in: directory).report
    }

    let stores = report?.rows.filter(\.id.isStore).map(\.label)
    #expect(
      stores == [
        "ArrayFeedStore insert", "ArrayFeedStore retrieve", "reference: SQLite insert",
        "reference: SQLite retrieve",
      ])
    #expect(report?.configuration.references == ["SQLite"])
  }

  @Test func run_ofAStoreThatDeliversAnotherFeed_failsWithoutAReport() async throws {
    let lossy = BenchmarkedStore("Lossy") { directory in
      ArrayFeedStoreFactory(directory: directory, mangled: { Array($0.dropLast()) })
    }
    let program = BenchmarkProgram(name: "lossy-bench", stores: [lossy], references: [])

    let (status, report) = try await withTemporaryDirectory { directory in
      try await run(program, [], in: directory)
    }

    #expect(status == .failure)
    #expect(report == nil)
  }

  @Test func run_ofAProgramWhoseStoresShareAName_failsBeforeMeasuring() async throws {
    let program = BenchmarkProgram(
      name: "bench", stores: adopterBench.stores + adopterBench.stores, references: [])

    let status = await BenchmarkCommand.run(
      ["--help"], program: program, memoryProbe: Self.noProbe, countsAllocations: false)

    #expect(status == .failure)
  }

  @Test func run_againstABaselineFromWhichAStoreRegressed_exitsWithTheRegressionStatus()
    async throws
  {
    let status = try await withTemporaryDirectory { directory in
      try await compare(
        current: makeRow(.store("ArrayFeedStore", .insert), size: 10, p50: 2_000_000),
        baseline: makeRow(.store("ArrayFeedStore", .insert), size: 10, p50: 1_000_000),
        in: directory)
    }

    #expect(status == .regression)
  }

  /// A reference backend measures the machine and this package: it never fails an adopter's CI.
  @Test func run_againstABaselineFromWhichOnlyAReferenceRegressed_succeeds() async throws {
    let reference = RowID.store("SQLite", .insert, kind: .reference)

    let status = try await withTemporaryDirectory { directory in
      try await compare(
        current: makeRow(reference, size: 10, p50: 2_000_000),
        baseline: makeRow(reference, size: 10, p50: 1_000_000), in: directory)
    }

    #expect(status == .success)
  }

  @Test(arguments: [
    Comparison(name: "a store row regressed", insert: 1_200_000, status: .regression),
    Comparison(name: "no store row regressed", insert: 1_000_000, status: .success),
    Comparison(
      name: "the samples could not decide",
      insert: [1_000_000, 1_080_000, 1_090_000, 1_100_000, 1_070_000], status: .undecided),
  ])
  func run_comparingTwoBuilds_exitsWithTheStatusOfItsVerdict(_ input: Comparison) async throws {
    let status = try await withTemporaryDirectory { directory in
      await compareBuilds(
        this: try workerScript(insert: input.insert, retrieve: [500_000], in: directory),
        other: try workerScript(insert: [1_000_000], retrieve: [500_000], in: directory),
        in: directory)
    }

    #expect(status == input.status)
  }

  /// A build from before `--compare` cannot answer it: bad arguments, before anything is measured.
  @Test func run_comparingWithAProgramOlderThanTheComparison_exitsWithTheUsageStatus() async throws
  {
    let status = try await withTemporaryDirectory { directory in
      await compareBuilds(
        this: try workerScript(insert: [1], retrieve: [1], in: directory),
        other: try shellScript("exit 2", in: directory), in: directory)
    }

    #expect(status == .usage)
  }

  // MARK: - Helpers

  /// Two builds' samples of the insert row, and the status their comparison exits with.
  struct Comparison: CustomTestStringConvertible, Sendable {
    let name: String
    let insert: [Int64]
    let status: ExitCode
    var testDescription: String { name }

    init(name: String, insert: [Int64], status: ExitCode) {
      (self.name, self.insert, self.status) = (name, insert, status)
    }

    init(name: String, insert: Int64, status: ExitCode) {
      self.init(name: name, insert: [insert], status: status)
    }
  }

  /// Compares the build `this` with `other` on ten rounds of one tiny size, both stand-in workers.
  private func compareBuilds(this: URL, other: URL, in directory: URL) async -> ExitCode {
    await BenchmarkCommand.run(
      [
        "--compare", other.path(percentEncoded: false), "--sizes", "10", "--iterations", "10",
        "--max-iterations", "10", "--warmup", "0", "--output",
        directory.appending(path: "comparison.md").path(percentEncoded: false),
      ], program: storeOnlyBench, memoryProbe: Self.noProbe, countsAllocations: false,
      thisExecutable: this)
  }

  private static let noProbe: MemoryMeasurement = { row, _ in
    throw BenchmarkError("no memory probe in this test, asked for \(row.label)")
  }

  /// Runs `program` on one tiny size with `arguments`, its report written as JSON in
  /// `directory`, and reads the report back.
  private func run(
    _ program: BenchmarkProgram, _ arguments: [String], in directory: URL
  ) async throws -> (status: ExitCode, report: RunReport?) {
    let output = directory.appending(path: "report.json").path(percentEncoded: false)
    let status = await BenchmarkCommand.run(
      [
        "--sizes", "10", "--iterations", "1", "--warmup", "0", "--inserts", "0", "--no-memory",
        "--format", "json", "--output", output,
      ] + arguments, program: program, memoryProbe: Self.noProbe, countsAllocations: false)
    let wroteReport = FileManager.default.fileExists(atPath: output)
    return (status, wroteReport ? try RunReport.load(from: output, for: "--output") : nil)
  }

  /// Compares a saved run of `current` with a saved run of `baseline`, as `--input` and
  /// `--baseline`, and returns the exit status.
  private func compare(
    current: ResultRow, baseline: ResultRow, in directory: URL
  ) async throws -> ExitCode {
    func save(_ row: ResultRow, as name: String) throws -> String {
      let file = directory.appending(path: name)
      try Data(try OutputFormat.json.render(makeReport(rows: [row])).utf8).write(to: file)
      return file.path(percentEncoded: false)
    }
    let (input, saved) = (
      try save(current, as: "current.json"), try save(baseline, as: "base.json")
    )
    return await BenchmarkCommand.run(
      [
        "--input", input, "--baseline", saved, "--output",
        directory.appending(path: "report.md").path(percentEncoded: false),
      ], program: adopterBench, memoryProbe: Self.noProbe, countsAllocations: false)
  }
}
