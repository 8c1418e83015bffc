import SharedSupport
import Testing

@testable import ContractSpecs

/// Proves that a flaw many specs fail for is named once, first, and counted when the run ends.
@Suite(.specProfile(.quick)) struct LikelyCauseTests {
  @Test func firstFailureOfACause_comesAfterAHeadlineNamingIt() async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let factory = TestCounterFactory(flaw: .addsTwice)

    let (first, second) = try await CauseDigest.$current.withValue(CauseDigest()) {
      (
        try await issuesWithHeadlines { try await spec.verify(factory) },
        try await issuesWithHeadlines { try await spec.verify(factory) }
      )
    }

    #expect(
      first == [
        "Likely cause: the counter adds each amount twice, in TestCounterFactory (CounterSpec); "
          + "the failures that show it follow, and the run lists their specs when it ends",
        "Expected 2 + 3 to make 5, but the counter was 10",
      ])
    #expect(second == ["Expected 2 + 3 to make 5, but the counter was 10"])
  }

  @Test func digest_countsTheSpecsEachCauseFailed() {
    let digest = CauseDigest()

    for spec in ["b_spec", "a_spec", "a_spec"] {
      digest.note("the value is lost", specID: spec, catalog: "Log", factory: "M.Store") { _ in }
    }

    #expect(digest.lines == ["  Store (Log): the value is lost in 2 specs: a_spec, b_spec"])
  }

  /// The messages `body` records, headlines included, which ``collectIssues(recordedBy:)``
  /// leaves out.
  private func issuesWithHeadlines(_ body: @escaping @Sendable () async throws -> Void)
    async throws -> [String]
  {
    let test = try #require(Test.current)
    let recorded = Locked<[String]>([])
    let collecting: IssueHandlingTrait = .compactMapIssues { issue in
      recorded.withLock { $0 += issue.comments.map(\.rawValue) }
      return nil
    }
    try await collecting.provideScope(for: test, testCase: Test.Case.current, performing: body)
    return recorded.current
  }
}
