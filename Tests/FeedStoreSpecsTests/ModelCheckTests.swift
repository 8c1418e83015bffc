import Testing

@testable import FeedStoreSpecs

/// Pins how the model-based spec reports, shrinks and replays a failure.
@Suite struct ModelCheckTests {
  @Test func shrunkFailure_reportsTheSeedAndTheShortestFailingSteps() async throws {
    let sut = makeSUT(misbehavior: .ignoresDeleteOfReplacedCache, seed: 42)

    let failures = try await IssueRecorder.issues { try await sut.run() }

    #expect(failures.map { $0.comments.map(\.rawValue) } == [[Self.shrunkFailure]])
  }

  @Test func failureThatNeedsReusedStorage_isReportedAsItRanAndUnreduced() async throws {
    let sut = makeSUT(misbehavior: .ignoresInsertsOnceItsStorageHasTakenThirty, seed: 42)

    let failures = try await IssueRecorder.issues { try await sut.run() }

    let message = try #require(failures.first?.comments.first?.rawValue)
    #expect(failures.count == 1)
    #expect(
      message.contains(
        "they did not fail again when replayed on a new store (they had run on storage that "
          + "earlier sequences used, emptied with deleteCachedFeed()), so they could not be "
          + "reduced:\n  let store1 = try await factory.makeStore()\n"))
  }

  @Test func configuration_replaysTheSeedTheEnvironmentNames() throws {
    let configuration = try ModelCheck.Configuration.from(
      environment: ["FEEDSTORE_SPEC_SEED": "42", "FEEDSTORE_SPEC_SEQUENCES": "5000"],
      profile: .quick)

    #expect(configuration == ModelCheck.Configuration(sequences: 5_000, seed: 42))
    #expect(configuration.replayVariables == "FEEDSTORE_SPEC_SEED=42 FEEDSTORE_SPEC_SEQUENCES=5000")
  }

  @Test func configuration_namesTheThoroughProfileInTheReplay() throws {
    let configuration = try ModelCheck.Configuration.from(
      environment: ["FEEDSTORE_SPEC_SEED": "7"], profile: .thorough)

    #expect(configuration.sequences == 200)
    #expect(
      configuration.replayVariables == "FEEDSTORE_SPEC_PROFILE=thorough FEEDSTORE_SPEC_SEED=7")
  }

  @Test func configuration_runsTheProfilesBudgetFromANewSeedWithoutEnvironment() throws {
    let first = try ModelCheck.Configuration.from(environment: [:], profile: .quick)
    let second = try ModelCheck.Configuration.from(environment: [:], profile: .quick)

    #expect(first.sequences == 20)
    #expect(first.maxSteps == 30)
    #expect(first.seed != second.seed)
  }

  @Test func configuration_refusesASeedThatIsNotANumber() {
    #expect(throws: InvalidSetting.self) {
      try ModelCheck.Configuration.from(
        environment: ["FEEDSTORE_SPEC_SEED": "0x2A"], profile: .quick)
    }
  }

  @Test func sequenceSeeds_ofALongerRunStartWithThoseOfAShorterOne() {
    let short = ModelCheck.Configuration(sequences: 10, seed: 7)
    let long = ModelCheck.Configuration(sequences: 1_000, seed: 7)

    #expect(Array(long.sequenceSeeds.prefix(10)) == short.sequenceSeeds)
  }

  @Test func steps_areTheSameForTheSameSeed() {
    let sut = makeSUT(misbehavior: nil, seed: 1)

    let first = sut.steps(seed: 99, fault: .insert)
    let second = sut.steps(seed: 99, fault: .insert)

    #expect(first == second)
    #expect(ModelCheck.isWellFormed(first))
  }

  private static let shrunkFailure = """
    The model-based spec found operations that break the FeedStore contract. Seed 42, sequence \
    1 (replay with FEEDSTORE_SPEC_SEED=42); 11 steps, shrunk to 4 that fail on a new store:
      let store1 = try await factory.makeStore()
      try await store1.insert(numberedFeed(1, count: 0), timestamp: numberedTimestamp(0))
      try await store1.insert(numberedFeed(2, count: 0), timestamp: numberedTimestamp(0))
      try await store1.deleteCachedFeed()
      try await store1.retrieve()  // ✗ expected nil, but it delivered 0 images cached at \
    786297600.1234568s after 2001-01-01
    (numberedFeed and numberedTimestamp are FeedStoreFixtures' methods.)
    """

  private func makeSUT(misbehavior: Misbehavior?, seed: UInt64) -> ModelCheck {
    ModelCheck(
      factory: MisbehavingFeedStoreFactory(misbehavior: misbehavior),
      configuration: ModelCheck.Configuration(seed: seed))
  }
}
