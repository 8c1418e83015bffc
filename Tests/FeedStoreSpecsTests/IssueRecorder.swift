import FeedStoreSupport
import Testing

/// Collects the issues a piece of work records, instead of letting them fail the running test,
/// so a test can assert what a spec or a helper reports.
enum IssueRecorder {
  /// Runs `body` in the running test and delivers every issue it recorded, known or not.
  ///
  /// - Parameter body: The work whose issues to collect.
  /// - Returns: The issues, in the order they were recorded.
  /// - Throws: An error when no test is running, or what `body` throws.
  static func issues(
    recordedBy body: @escaping @Sendable () async throws -> Void
  ) async throws -> [Issue] {
    let test = try #require(Test.current)
    let recorded = Locked<[Issue]>([])
    let collecting: IssueHandlingTrait = .compactMapIssues { issue in
      recorded.withLock { $0.append(issue) }
      return nil
    }
    try await collecting.provideScope(for: test, testCase: Test.Case.current, performing: body)
    return recorded.current
  }
}
