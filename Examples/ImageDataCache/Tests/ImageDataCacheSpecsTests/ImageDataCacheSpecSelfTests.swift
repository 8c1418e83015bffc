import ContractSpecs
import ImageDataCacheSpecs
import Testing

/// Proves the specs themselves: each passes on a correct cache of a design neither shipped cache
/// has, and fails, at the caller's line, on a cache that breaks the rule it is about.
@Suite struct ImageDataCacheSpecSelfTests {
  @Test(arguments: ImageDataCacheSpec.all(for: JournalImageDataCacheFactory.self))
  func spec_passesOnCorrectCacheOfAnotherDesign(_ spec: ImageDataCacheSpec) async throws {
    let factory = JournalImageDataCacheFactory()

    try await spec.verify(factory)
  }

  @Test(arguments: BrokenCacheCase.all)
  func spec_failsAtCallerOnCacheThatBreaksIt(_ brokenCache: BrokenCacheCase) async throws {
    let spec = try #require(
      ImageDataCacheSpec.named(brokenCache.specID),
      "\(brokenCache.misbehavior) names a spec that does not exist")
    let factory = JournalImageDataCacheFactory(misbehavior: brokenCache.misbehavior)
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await spec.verify(factory, sourceLocation: caller)
    }

    #expect(!failures.isEmpty, "\(spec.id) must catch a cache that \(brokenCache.misbehavior)")
    #expect(
      failures.allSatisfy { $0.error == nil && $0.sourceLocation == caller },
      "\(spec.id) must report at its caller's line, not throw: \(failures)")
  }

  @Test func everySpec_isProvenByABrokenCache() {
    let specs = Set(ImageDataCacheSpec.catalog.map(\.id))

    let proven = Set(Misbehavior.allCases.flatMap(\.caughtBySpecs))

    #expect(specs.subtracting(proven).sorted() == [], "specs no broken cache fails")
    #expect(proven.subtracting(specs).sorted() == [], "broken caches naming unknown specs")
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

/// A cache with one misbehavior and one spec that must catch it, as a named test case.
struct BrokenCacheCase: Sendable, CustomTestStringConvertible {
  static let all = Misbehavior.allCases.flatMap { misbehavior in
    misbehavior.caughtBySpecs.map { BrokenCacheCase(misbehavior: misbehavior, specID: $0) }
  }

  let misbehavior: Misbehavior
  let specID: String

  var testDescription: String { "\(specID) catches \(misbehavior)" }
}
