import FeedStoreSpecs
import Testing

/// Proves the specs themselves: each passes on a store that keeps the contract, and fails, at
/// the caller's line, on a store that breaks the behavior it is about.
@Suite struct FeedStoreSpecSelfTests {
  @Test(arguments: FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self))
  func spec_passesOnStoreThatKeepsContract(_ spec: FeedStoreSpec) async throws {
    let factory = MisbehavingFeedStoreFactory(misbehavior: nil)

    try await spec.verify(factory)
  }

  @Test(arguments: BrokenStoreCase.all)
  func spec_failsAtCallerOnStoreThatBreaksIt(_ brokenStore: BrokenStoreCase) async throws {
    let factory = MisbehavingFeedStoreFactory(misbehavior: brokenStore.misbehavior)
    let spec = try #require(
      FeedStoreSpec.named(brokenStore.misbehavior.caughtBySpec),
      "\(brokenStore.misbehavior) names a spec that does not exist"
    )
    let caller = #_sourceLocation

    try await withKnownIssue(
      "\(spec.id) must catch a store that \(brokenStore.misbehavior.rawValue)"
    ) {
      try await spec.verify(factory, sourceLocation: caller)
    } matching: { issue in
      issue.error == nil && issue.sourceLocation == caller
    }
  }

  /// Deleting nothing is not an error, and a real fault cannot make it one.
  @Test(arguments: FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self))
  func spec_passesOnStoreWhoseDeletionFaultSparesEmptyStore(_ spec: FeedStoreSpec) async throws {
    var factory = MisbehavingFeedStoreFactory(misbehavior: nil)
    factory.deletionFaultSparesEmptyStore = true

    try await spec.verify(factory)
  }

  @Test func everySpec_isProvenByABrokenStore() {
    let specs = Set(FeedStoreSpec.catalog.map(\.id))
    let proven = Set(Misbehavior.allCases.map(\.caughtBySpec))
      .union(StorageMisbehavior.allCases.flatMap(\.caughtBySpecs))

    #expect(
      specs.subtracting(proven).isEmpty,
      "Specs no broken store fails: \(specs.subtracting(proven).sorted())")
    #expect(
      proven.subtracting(specs).isEmpty,
      "Broken stores naming unknown specs: \(proven.subtracting(specs).sorted())")
  }
}

/// A store with one misbehavior, as a named test case.
struct BrokenStoreCase: Sendable, CustomTestStringConvertible {
  static let all = Misbehavior.allCases.map(BrokenStoreCase.init)

  let misbehavior: Misbehavior

  var testDescription: String { "\(misbehavior.caughtBySpec) catches \(misbehavior)" }
}
