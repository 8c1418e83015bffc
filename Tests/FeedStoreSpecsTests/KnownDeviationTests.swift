import FeedStoreSpecs
import Testing

@Suite struct KnownDeviationTests {
  @Test func listedSpecThatFails_isRecordedAsAKnownIssue() async throws {
    let (spec, factory) = try makeSUT("insert_deliversErrorOnFailure", .ignoresInsertionFailure)
    let deviation = KnownDeviation(
      "insert_deliversErrorOnFailure", reason: "insert cannot fail yet",
      link: "https://example.com/1")

    let issues = try await collectIssues {
      try await spec.verify(factory, knownDeviations: [deviation])
    }

    #expect(issues.map(\.isFailure) == [false])
    #expect(
      issues.first?.comments.map(\.rawValue)
        == ["Expected insert into a broken store to throw, but it succeeded"])
  }

  @Test func description_namesTheSpecTheReasonAndTheLink() {
    let deviation = KnownDeviation(
      "insert_deliversErrorOnFailure", reason: "insert cannot fail yet",
      link: "https://example.com/1")

    let description = deviation.description

    #expect(
      description
        == "insert_deliversErrorOnFailure is a known deviation: insert cannot fail yet "
        + "(https://example.com/1)")
  }

  @Test func listedSpecThatPasses_failsTheRun() async throws {
    let (spec, factory) = try makeSUT("insert_deliversErrorOnFailure", nil)
    let deviation = KnownDeviation(
      "insert_deliversErrorOnFailure", reason: "fixed since", link: "https://example.com/2")

    let issues = try await collectIssues {
      try await spec.verify(factory, knownDeviations: [deviation])
    }

    #expect(issues.map(\.isFailure) == [true])
    #expect(issues.map(\.kind.isKnownIssueNotRecorded) == [true])
  }

  @Test func unlistedSpecThatFails_failsTheRun() async throws {
    let (spec, factory) = try makeSUT("insert_deliversErrorOnFailure", .ignoresInsertionFailure)
    let other = KnownDeviation(
      "retrieve_deliversNilOnEmptyStore", reason: "another spec", link: "https://example.com/3")

    let issues = try await collectIssues {
      try await spec.verify(factory, knownDeviations: [other])
    }

    #expect(issues.map(\.isFailure) == [true])
    #expect(
      issues.first?.comments.map(\.rawValue)
        == ["Expected insert into a broken store to throw, but it succeeded"])
  }

  @Test func deviationNamingNoSpec_failsTheRun() async throws {
    let (spec, factory) = try makeSUT("insert_deliversErrorOnFailure", nil)
    let misspelled = KnownDeviation(
      "insert_deliversErorOnFailure", reason: "a typo", link: "https://example.com/4")

    let issues = try await collectIssues {
      try await spec.verify(factory, knownDeviations: [misspelled])
    }

    #expect(
      issues.flatMap(\.comments).map(\.rawValue)
        == [
          "Known deviation \"insert_deliversErorOnFailure\" names no spec of "
            + "FeedStoreSpec.catalog; did you mean \"insert_deliversErrorOnFailure\"?"
        ])
  }

  @Test func misspelledDeviation_isReportedOnceForEveryCaseOfTheSameCall() async throws {
    let specs = FeedStoreSpec.all(for: MisbehavingFeedStoreFactory.self).prefix(5)
    let misspelled = KnownDeviation(
      "insert_deliversErrorOnFailur", reason: "a typo", link: "https://example.com/6")
    let factory = MisbehavingFeedStoreFactory(misbehavior: nil)
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      for spec in specs {
        try await spec.verify(factory, knownDeviations: [misspelled], sourceLocation: caller)
      }
    }

    #expect(issues.count == 1)
  }

  @Test func deviationNamingNothingClose_suggestsNothing() async throws {
    let (spec, factory) = try makeSUT("insert_deliversErrorOnFailure", nil)
    let unrelated = KnownDeviation("zzz", reason: "nothing like it", link: "https://example.com/7")

    let issues = try await collectIssues {
      try await spec.verify(factory, knownDeviations: [unrelated])
    }

    #expect(
      issues.flatMap(\.comments).map(\.rawValue)
        == ["Known deviation \"zzz\" names no spec of FeedStoreSpec.catalog"])
  }

  @Test func deviationNamingASpecTheFactoryCannotRun_failsTheRun() async throws {
    let spec = try #require(FeedStoreSpec.named("retrieve_deliversNilOnEmptyStore"))
    let inapplicable = KnownDeviation(
      "insert_deliversErrorOnFailure", reason: "cannot fail", link: "https://example.com/5")

    let issues = try await collectIssues {
      try await spec.verify(CoreOnlyFeedStoreFactory(), knownDeviations: [inapplicable])
    }

    #expect(
      issues.flatMap(\.comments).map(\.rawValue) == [
        "Known deviation \"insert_deliversErrorOnFailure\" names a spec that does not apply to "
          + "CoreOnlyFeedStoreFactory: it needs FailableInsertFeedStoreFactory"
      ])
  }

  private func makeSUT(
    _ id: String, _ misbehavior: Misbehavior?
  ) throws -> (FeedStoreSpec, MisbehavingFeedStoreFactory) {
    let spec = try #require(FeedStoreSpec.named(id))
    return (spec, MisbehavingFeedStoreFactory(misbehavior: misbehavior))
  }
}

/// A factory with the core capability only.
private struct CoreOnlyFeedStoreFactory: FeedStoreFactory {
  func makeStore() -> MisbehavingFeedStore {
    MisbehavingFeedStoreFactory(misbehavior: nil).makeStore()
  }
}

extension Issue.Kind {
  fileprivate var isKnownIssueNotRecorded: Bool {
    if case .knownIssueNotRecorded = self { return true }
    return false
  }
}
