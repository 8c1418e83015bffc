import Testing

@testable import FeedStoreSpecs

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
      "\(brokenStore.misbehavior) names a spec that does not exist")
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await withTimeLimit(brokenStore.misbehavior.operationTimeLimit) {
        try await spec.verify(factory, sourceLocation: caller)
      }
    }

    expectCaught(brokenStore.misbehavior.rawValue, by: spec, at: caller, failures)
  }

  /// Deleting nothing is not an error, and a real fault cannot make it one: the specs that break
  /// deletion (the failable-delete group and the model-based spec) accept such a store.
  @Test(
    arguments: FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self).filter {
      $0.capability.name == FeedStoreCatalog.failableDelete.name || $0.id.hasPrefix("model_")
    })
  func spec_passesOnStoreWhoseDeletionFaultSparesEmptyStore(_ spec: FeedStoreSpec) async throws {
    var factory = MisbehavingFeedStoreFactory(misbehavior: nil)
    factory.deletionFaultSparesEmptyStore = true

    try await spec.verify(factory)
  }

  /// A store that hands back the very URL it was given, relative to its base, keeps the contract
  /// as well as one that keeps the absolute form.
  @Test(
    arguments: FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self).filter {
      $0.id.hasPrefix("roundTrip_") || $0.id.hasPrefix("model_")
    })
  func spec_passesOnStoreThatKeepsURLsAsGiven(_ spec: FeedStoreSpec) async throws {
    var factory = MisbehavingFeedStoreFactory(misbehavior: nil)
    factory.keepsURLsAsGiven = true

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

/// Runs `body` with `limit` as every spec's operation time limit, when there is one, as the
/// `.operationTimeLimit` trait would.
func withTimeLimit(
  _ limit: Duration?, _ body: @escaping @Sendable () async throws -> Void
) async throws {
  guard let limit else { return try await body() }
  try await SpecTrait.operationTimeLimit(limit).provideScope(
    for: try #require(Test.current), testCase: Test.Case.current, performing: body)
}

/// Expects `failures` to show that `spec` caught a broken store: at least one failure, each
/// recorded at `caller` rather than thrown, and none saying that the spec never ran, which would
/// make a broken store sent to a factory without the spec's capability look caught.
func expectCaught(
  _ misbehavior: String, by spec: FeedStoreSpec, at caller: SourceLocation, _ failures: [Issue],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    !failures.isEmpty, "\(spec.id) must catch a store that \(misbehavior)",
    sourceLocation: sourceLocation)
  let notRun = failures.flatMap(\.comments).map(\.rawValue).filter {
    $0.hasPrefix("\(spec.id) needs a factory that conforms to ")
      || $0.hasPrefix("\(spec.id) does not apply to ")
  }
  #expect(
    notRun.isEmpty, "\(spec.id) must run on the store that \(misbehavior): \(notRun)",
    sourceLocation: sourceLocation)
  #expect(
    failures.allSatisfy { $0.error == nil && $0.sourceLocation == caller },
    "\(spec.id) must report at its caller's line, not throw: \(failures)",
    sourceLocation: sourceLocation)
}

/// A store with one misbehavior, as a named test case.
struct BrokenStoreCase: Sendable, CustomTestStringConvertible {
  static let all = Misbehavior.allCases.map(BrokenStoreCase.init)

  let misbehavior: Misbehavior

  var testDescription: String { "\(misbehavior.caughtBySpec) catches \(misbehavior)" }
}
