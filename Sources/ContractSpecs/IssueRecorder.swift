import SharedSupport
import Testing

/// Collects the issues a piece of work records, instead of letting them fail the running test, so
/// that a spec's self-test can assert what the spec reports.
///
/// ```swift
/// @Test func spec_failsOnACacheThatDropsTheLastByte() async throws {
///   let caller = #_sourceLocation
///
///   let issues = try await IssueRecorder.issues {
///     try await spec.verify(BrokenCacheFactory(), sourceLocation: caller)
///   }
///
///   #expect(issues.map(\.sourceLocation) == [caller])
/// }
/// ```
///
/// Prefer it to `withKnownIssue` for asserting that a spec fails: a run that ends "with 200 known
/// issues" hides the few that mean something.
public enum IssueRecorder {
  /// Runs `body` in the running test and delivers every issue it recorded, known or not.
  ///
  /// - Parameter body: The work whose issues to collect.
  /// - Returns: The issues, in the order they were recorded.
  /// - Throws: An error when no test is running, or what `body` throws.
  public static func issues(
    recordedBy body: @escaping @Sendable () async throws -> Void
  ) async throws -> [Issue] {
    guard let test = Test.current else { throw NoRunningTest() }
    let recorded = Locked<[Issue]>([])
    let collecting: IssueHandlingTrait = .compactMapIssues { issue in
      recorded.withLock { $0.append(issue) }
      return nil
    }
    try await collecting.provideScope(for: test, testCase: Test.Case.current, performing: body)
    return recorded.current
  }

  /// Thrown when issues are to be collected outside a running test.
  struct NoRunningTest: Error, CustomStringConvertible {
    var description: String { "IssueRecorder collects the issues of a running test, and none is" }
  }
}
