import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// Every spec on every backend that has its capability, each case in a directory of its own.
///
/// Set `FEEDSTORE_BACKENDS` (for example `FEEDSTORE_BACKENDS=SQLite,JSONFile`) to run only some
/// backends, since `swift test --filter` cannot pick arguments. Every store a spec makes is
/// tracked for leaks, in process and in child processes alike.
@Suite(.trackingMemoryLeaks) struct FeedStoreConformanceTests {
  /// In the thorough profile, which CI runs, each case runs in a child process of its own, as an
  /// adopter's CI would: a backend that traps fails its case instead of the run.
  @Test(.temporaryDirectory, arguments: selectedBackends().flatMap(\.conformanceCases))
  func backend_keepsFeedStoreContract(_ conformance: FeedStoreConformanceCase) async throws {
    if try FeedStoreSpec.profile == .thorough {
      try await conformance.verifyInChildProcess(in: TemporaryDirectory.current)
    } else {
      try await conformance.verify(in: TemporaryDirectory.current)
    }
  }

  /// Writes the matrix to the path in `FEEDSTORE_CONFORMANCE_MATRIX` when it is set, for
  /// `.ci/conformance-report.py`.
  @Test func registry_runsExactlyTheSpecsOfEachBackendsCapabilities() throws {
    let matrix = ConformanceMatrix.current

    for backend in matrix.backends {
      let run = ConformanceBackend.named(backend.name)?.conformanceCases.map(\.specID)
      let notApplicable = Set(backend.notApplicable.map(\.specID))
      let applicable = matrix.specs.filter {
        backend.capabilities.contains($0.capability) && !notApplicable.contains($0.id)
      }
      #expect(run == applicable.map(\.id), "\(backend.name) runs other specs than it has")
    }
    if let path = ProcessInfo.processInfo.environment["FEEDSTORE_CONFORMANCE_MATRIX"] {
      try matrix.write(to: URL(filePath: path))
    }
  }

  /// Rows of the damaged-storage table a backend's format cannot have: each is shown as a known
  /// issue carrying the factory's reason, so the run lists every row it did not check and why,
  /// and never counts one as passed.
  @Test(arguments: selectedBackends().flatMap(\.notApplicableCases))
  func backend_declaresWhyRowDoesNotApply(_ exemption: FeedStoreNotApplicableCase) {
    withKnownIssue("\(exemption.backend) does not run \(exemption.specID)") {
      Issue.record(Comment(rawValue: exemption.reason))
    }
  }

  /// The failure specs again, on a disk that is really full (`FEEDSTORE_OS_FAULTS=1`, as root).
  @Test(
    .requiring(.fullDisk),
    arguments: ConformanceBackend.under(.fullDisk).flatMap(\.conformanceCases))
  func backend_keepsFailureContractOnAFullDisk(_ conformance: FeedStoreConformanceCase)
    async throws
  {
    try await withTemporaryDirectory { directory in
      try await OperatingSystemFault.fullDisk.withFaultyDirectory(in: directory) { disk in
        try await conformance.verify(in: disk)
      }
    }
  }

  /// The failure specs again, in a directory that really refuses changes
  /// (`FEEDSTORE_OS_FAULTS=1`, as root).
  @Test(
    .requiring(.immutableDirectory),
    arguments: ConformanceBackend.under(.immutableDirectory).flatMap(\.conformanceCases))
  func backend_keepsFailureContractInAnImmutableDirectory(
    _ conformance: FeedStoreConformanceCase
  ) async throws {
    try await withTemporaryDirectory { directory in
      try await OperatingSystemFault.immutableDirectory.withFaultyDirectory(in: directory) {
        try await conformance.verify(in: $0)
      }
    }
  }

  @Test func backendSelection_namesOnlyRegisteredBackends() {
    let unknown = requestedBackendNames().filter { ConformanceBackend.named($0) == nil }

    #expect(
      unknown.isEmpty,
      "FEEDSTORE_BACKENDS names \(unknown), which are not among \(ConformanceBackend.all.map(\.name))"
    )
  }

  @Test func registry_runsEveryCapabilityEachBackendHas() {
    let capabilities = Dictionary(
      uniqueKeysWithValues: ConformanceBackend.all.map { backend in
        (backend.name, Set(backend.conformanceCases.map(\.capability.name)))
      })
    let every = Set(FeedStoreCapability.all.map(\.name))

    #expect(
      capabilities == [
        "InMemory": [FeedStoreCatalog.core.name],
        "JSONFile": every,
        "SQLite": every.subtracting([FeedStoreCatalog.crashSafety.name]),
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
