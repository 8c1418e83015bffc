import FeedStoreBackends
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// Every spec on every backend that has its capability, each case in a directory of its own.
///
/// Set `FEEDSTORE_BACKENDS` (for example `FEEDSTORE_BACKENDS=SQLite,Codable`) to run only some
/// backends, since `swift test --filter` cannot pick arguments.
@Suite struct FeedStoreConformanceTests {
  @Test(.temporaryDirectory, arguments: selectedBackends().flatMap(\.conformanceCases))
  func backend_keepsFeedStoreContract(_ conformance: FeedStoreConformanceCase) async throws {
    try await conformance.verify(in: TemporaryDirectory.current)
  }

  /// Writes the matrix to the path in `FEEDSTORE_CONFORMANCE_MATRIX` when it is set, for
  /// `.ci/conformance-report.py`.
  @Test func registry_runsExactlyTheSpecsOfEachBackendsCapabilities() throws {
    let matrix = ConformanceMatrix.current

    for backend in matrix.backends {
      let run = ConformanceBackend.named(backend.name)?.conformanceCases.map(\.specID)
      let applicable = matrix.specs.filter { backend.capabilities.contains($0.capability) }
      #expect(run == applicable.map(\.id), "\(backend.name) runs other specs than it has")
    }
    if let path = ProcessInfo.processInfo.environment["FEEDSTORE_CONFORMANCE_MATRIX"] {
      try matrix.write(to: URL(filePath: path))
    }
  }

  @Test func backendSelection_namesOnlyRegisteredBackends() {
    let unknown = requestedBackendNames().filter { ConformanceBackend.named($0) == nil }

    #expect(
      unknown.isEmpty,
      "FEEDSTORE_BACKENDS names \(unknown), which are not among \(ConformanceBackend.all.map(\.name))"
    )
  }

  @Test func registry_givesEveryBenchmarkedBackendAConformanceRun() {
    let benchmarked = FeedStoreBackend.all.map(\.name)

    let checked = ConformanceBackend.all.map(\.name)

    #expect(checked == benchmarked)
  }

  @Test func registry_runsEveryCapabilityEachBackendHas() {
    let capabilities = Dictionary(
      uniqueKeysWithValues: ConformanceBackend.all.map { backend in
        (backend.name, Set(backend.conformanceCases.map(\.capability)))
      })

    #expect(
      capabilities == [
        "InMemory": [.core],
        "Codable": Set(FeedStoreCapability.allCases),
        "SQLite": Set(FeedStoreCapability.allCases),
      ])
  }
}

private func requestedBackendNames() -> [String] {
  guard let value = ProcessInfo.processInfo.environment["FEEDSTORE_BACKENDS"] else { return [] }
  return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
}

private func selectedBackends() -> [ConformanceBackend] {
  let requested = requestedBackendNames()
  guard !requested.isEmpty else { return ConformanceBackend.all }
  let chosen = Set(requested.compactMap { ConformanceBackend.named($0)?.name })
  return ConformanceBackend.all.filter { chosen.contains($0.name) }
}
