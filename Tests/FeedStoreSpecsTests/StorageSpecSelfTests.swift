import FeedStoreSpecs
import Testing

/// Proves the damaged-storage and crash-safety specs: each passes on a store that keeps the
/// rules, and fails, at the caller's line, on a store that breaks the rule it is about.
@Suite struct StorageSpecSelfTests {
  @Test(arguments: FeedStoreSpec.all(for: DiskFeedStoreFactory.self))
  func spec_passesOnDiskStoreThatKeepsContract(_ spec: FeedStoreSpec) async throws {
    let factory = DiskFeedStoreFactory(misbehavior: nil)

    try await spec.verify(factory)
  }

  @Test(arguments: StorageBrokenStoreCase.all)
  func spec_failsAtCallerOnDiskStoreThatBreaksIt(_ brokenStore: StorageBrokenStoreCase)
    async throws
  {
    let spec = try #require(
      FeedStoreSpec.named(brokenStore.specID), "\(brokenStore) names a spec that does not exist")
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      if brokenStore.misbehavior == .claimsDamageableWithNoRow {
        try await spec.verify(RowlessDamageableFactory(), sourceLocation: caller)
      } else {
        let factory = DiskFeedStoreFactory(misbehavior: brokenStore.misbehavior)
        try await spec.verify(factory, sourceLocation: caller)
      }
    }

    expectCaught(brokenStore.misbehavior.rawValue, by: spec, at: caller, failures)
  }
}

/// A store with one storage misbehavior and one spec that must catch it, as a named test case.
struct StorageBrokenStoreCase: Sendable, CustomTestStringConvertible {
  static let all = StorageMisbehavior.allCases.flatMap { misbehavior in
    misbehavior.caughtBySpecs.map {
      StorageBrokenStoreCase(misbehavior: misbehavior, specID: $0)
    }
  }

  let misbehavior: StorageMisbehavior
  let specID: String

  var testDescription: String { "\(specID) catches \(misbehavior)" }
}
