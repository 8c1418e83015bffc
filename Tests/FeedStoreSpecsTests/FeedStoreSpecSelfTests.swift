import Testing

@testable import FeedStoreSpecs

/// Proves the specs themselves, with the engine's catalog self-test: each passes on stores that
/// keep the contract, of designs the specs were not written against, and fails, at the caller's
/// line, on every store built to break the behavior it is about.
@Suite struct FeedStoreSpecSelfTests {
  static let selfTest = CatalogSelfTest<FeedStoreCatalog>(
    correct: [
      .init("a store that keeps the contract", MisbehavingFeedStoreFactory(misbehavior: nil)),
      .init("a disk store that keeps the contract", DiskFeedStoreFactory(misbehavior: nil)),
    ],
    // A descriptor leak runs out only after more calls than the quick profile makes
    // (`LongUseSelfTests`).
    broken: Misbehavior.allCases.filter { !$0.leaksDescriptors }.map { misbehavior in
      .init(
        misbehavior.rawValue, MisbehavingFeedStoreFactory(misbehavior: misbehavior),
        breaks: misbehavior.caughtBySpecs, operationTimeLimit: misbehavior.operationTimeLimit)
    }
      // A store that traps is caught in a child process only (`TrappingStoreTests`).
      + StorageMisbehavior.allCases.filter { $0 != .trapsOnDamagedStorage }.map { misbehavior in
        .init(
          misbehavior.rawValue,
          misbehavior == .claimsDamageableWithNoRow
            ? RowlessDamageableFactory() : DiskFeedStoreFactory(misbehavior: misbehavior),
          breaks: misbehavior.caughtBySpecs)
      })

  @Test(arguments: selfTest.cases)
  func spec_passesOnCorrectStoresAndCatchesBrokenOnes(
    _ check: CatalogSelfTest<FeedStoreCatalog>.Case
  ) async throws {
    try await Self.selfTest.verify(check)
  }

  @Test func everySpec_isProvenByABrokenStore() {
    Self.selfTest.checkEverySpecIsProven()
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
