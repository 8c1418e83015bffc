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
  @Test(arguments: selectedBackends().flatMap(\.conformanceCases))
  func backend_keepsFeedStoreContract(_ conformance: FeedStoreConformanceCase) async throws {
    try await withTemporaryDirectory { directory in
      try await conformance.verify(in: directory)
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

  /// The failure specs again, on a disk that is really full.
  @Test(
    .enabled(
      if: OperatingSystemFault.fullDisk.unavailableReason == nil,
      Comment(rawValue: OperatingSystemFault.fullDisk.unavailableReason ?? "")),
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

  /// The failure specs again, in a directory that really refuses changes.
  @Test(
    .enabled(
      if: OperatingSystemFault.immutableDirectory.unavailableReason == nil,
      Comment(rawValue: OperatingSystemFault.immutableDirectory.unavailableReason ?? "")),
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
        "SQLite": Set(FeedStoreCapability.allCases).subtracting([.crashSafety]),
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
