import Foundation
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
    let recorded = RecordedIssues()
    let collecting: IssueHandlingTrait = .compactMapIssues { issue in
      recorded.append(issue)
      return nil
    }
    try await collecting.provideScope(for: test, testCase: Test.Case.current, performing: body)
    return recorded.all
  }
}

/// The issues recorded so far, appended from any thread.
///
/// `@unchecked Sendable` is safe: `issues` is read and written only while `lock` is held.
private final class RecordedIssues: @unchecked Sendable {
  private let lock = NSLock()
  private var issues: [Issue] = []

  func append(_ issue: Issue) {
    lock.withLock { issues.append(issue) }
  }

  var all: [Issue] { lock.withLock { issues } }
}
