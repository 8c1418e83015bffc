import SharedSupport
import Testing

/// Runs `body` in the running test and delivers every issue it recorded, known or not, instead of
/// letting them fail the test: what a catalog's self-test needs to assert what a spec reports.
///
/// ```swift
/// @Test func spec_failsOnACacheThatDropsTheLastByte() async throws {
///   let caller = #_sourceLocation
///
///   let issues = try await collectIssues {
///     try await spec.verify(BrokenCacheFactory(), sourceLocation: caller)
///   }
///
///   #expect(issues.map(\.sourceLocation) == [caller])
/// }
/// ```
///
/// Prefer it to `withKnownIssue` for asserting that a spec fails: a run that ends "with 200 known
/// issues" hides the few that mean something.
///
/// A function of your own named `collectIssues` wins over this one wherever both would compile,
/// since `import FeedStoreSpecs` re-exports it into every adopter's test files.
///
/// - Parameter body: The work whose issues to collect.
/// - Returns: The issues, in the order they were recorded.
/// - Throws: An error when no test is running, or what `body` throws.
@_disfavoredOverload
public func collectIssues(
  recordedBy body: @escaping @Sendable () async throws -> Void
) async throws -> [Issue] {
  guard let test = Test.current else { throw NoRunningTest(needing: "collectIssues") }
  let recorded = Locked<[Issue]>([])
  let collecting: IssueHandlingTrait = .compactMapIssues { issue in
    recorded.withLock { $0.append(issue) }
    return nil
  }
  // What a test collects it inspects itself, so it must not depend on what ran before: the
  // run's digest of likely causes, whose headline comes with the first failure of a cause in the
  // process, is left out, and mistakes are named once per collection rather than per run.
  try await CauseDigest.$isSuspended.withValue(true) {
    try await MistakeReports.$current.withValue(MistakeReports()) {
      try await collecting.provideScope(for: test, testCase: Test.Case.current, performing: body)
    }
  }
  return recorded.current
}
