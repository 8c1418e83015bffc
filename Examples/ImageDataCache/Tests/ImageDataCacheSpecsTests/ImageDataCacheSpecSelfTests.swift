import ContractSpecs
import ImageDataCacheSpecs
import Testing

/// Proves the specs themselves, with the engine's catalog self-test.
///
/// Each spec passes on a correct cache of a design neither shipped cache has, and fails, at the
/// caller's line, on a cache that breaks the rule it is about; the cache that traps, in a child
/// process. What each broken cache failed, with the first message, is attached as
/// `ImageDataCacheSpec-self-test-results.md`.
@Suite struct ImageDataCacheSpecSelfTests {
  static let selfTest = CatalogSelfTest<ImageDataCacheCatalog>(
    correct: [.init("a journal", JournalImageDataCacheFactory())],
    broken: Misbehavior.allCases.map {
      .init(
        $0.rawValue, JournalImageDataCacheFactory(misbehavior: $0), breaks: $0.caughtBySpecs,
        traps: $0.traps)
    })

  @Test(arguments: selfTest.cases)
  func spec_passesOnACorrectCacheAndCatchesBrokenOnes(
    _ check: CatalogSelfTest<ImageDataCacheCatalog>.Case
  ) async throws {
    try await Self.selfTest.verify(check)
  }

  @Test func everySpec_isProvenByABrokenCache() {
    Self.selfTest.checkEverySpecIsProven()
  }

  /// A recommendation an implementation knowingly does not follow is listed as a known
  /// deviation: its failures become one known issue, and nothing else is recorded.
  @Test func knownDeviation_turnsTheRecommendationsFailureIntoAKnownIssue() async throws {
    let spec = try #require(ImageDataCacheSpec.named("failure_errorNamesTheURL"))
    let factory = JournalImageDataCacheFactory(misbehavior: .throwsErrorsWithoutTheURL)
    let deviation = KnownDeviation(
      spec.id, reason: "the journal's errors are its own", link: "https://example.com/issues/1")

    let issues = try await collectIssues {
      try await spec.verify(factory, knownDeviations: [deviation])
    }

    #expect(spec.isRecommendation)
    #expect(!issues.isEmpty)
    #expect(issues.allSatisfy { !$0.isFailure })
  }
}
