import FeedStoreSpecs
import Testing

/// Proves the damaged-storage and crash-safety specs: each passes on a store that keeps the
/// rules, and fails, at the caller's line, on a store that breaks the rule it is about.
@Suite struct StorageSpecSelfTests {
  @Test(arguments: FeedStoreSpec.all(for: DiskFeedStoreFactory.self))
  func spec_passesOnDiskStoreThatKeepsContract(_ spec: FeedStoreSpec) async throws {
    let factory = DiskFeedStoreFactory(misbehaviour: nil)

    try await spec.verify(factory)
  }

  @Test(arguments: StorageBrokenStoreCase.all)
  func spec_failsAtCallerOnDiskStoreThatBreaksIt(_ brokenStore: StorageBrokenStoreCase)
    async throws
  {
    let spec = try #require(
      FeedStoreSpec.named(brokenStore.specID), "\(brokenStore) names a spec that does not exist")
    let caller = #_sourceLocation

    try await withKnownIssue("\(spec.id) must catch a store that \(brokenStore.misbehaviour)") {
      if brokenStore.misbehaviour == .claimsDamageableWithNoRow {
        try await spec.verify(RowlessDamageableFactory(), sourceLocation: caller)
      } else {
        let factory = DiskFeedStoreFactory(misbehaviour: brokenStore.misbehaviour)
        try await spec.verify(factory, sourceLocation: caller)
      }
    } matching: { issue in
      issue.error == nil && issue.sourceLocation == caller
    }
  }
}

/// A store with one storage misbehaviour and one spec that must catch it, as a named test case.
struct StorageBrokenStoreCase: Sendable, CustomTestStringConvertible {
  static let all = StorageMisbehaviour.allCases.flatMap { misbehaviour in
    misbehaviour.caughtBySpecs.map {
      StorageBrokenStoreCase(misbehaviour: misbehaviour, specID: $0)
    }
  }

  let misbehaviour: StorageMisbehaviour
  let specID: String

  var testDescription: String { "\(specID) catches \(misbehaviour)" }
}
