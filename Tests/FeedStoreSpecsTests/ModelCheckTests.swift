import ContractSpecs
import Testing

@testable import FeedStoreSpecs

/// Pins how the model-based spec reports, shrinks and replays a failure of the FeedStore model.
@Suite(.specProfile(.quick)) struct ModelCheckTests {
  @Test func shrunkFailure_reportsTheSeedAndTheShortestFailingSteps() async throws {
    let (spec, factory) = try makeSUT(misbehavior: .ignoresDeleteOfReplacedCache)

    let failures = try await collectIssues { try await spec.verify(factory) }

    #expect(failures.map { $0.comments.map(\.rawValue) } == [[Self.shrunkFailure]])
  }

  @Test func failureThatNeedsReusedStorage_isReportedAsItRanAndUnreduced() async throws {
    let (spec, factory) = try makeSUT(misbehavior: .ignoresInsertsOnceItsStorageHasTakenThirty)

    let failures = try await collectIssues { try await spec.verify(factory) }

    let message = try #require(failures.first?.comments.first?.rawValue)
    #expect(failures.count == 1)
    #expect(
      message.contains(
        "they did not fail again when replayed on a new store (they had run on storage that "
          + "earlier sequences used, emptied with deleteCachedFeed()), so they could not be "
          + "reduced:\n  let store1 = try await factory.makeStore()\n"))
  }

  @Test func steps_areTheSameForTheSameSeed() {
    let sut = FeedStoreSequenceModel(factory: MisbehavingFeedStoreFactory(misbehavior: nil))
    var firstRandom = SeededRandomNumberGenerator(seed: 99)
    var secondRandom = SeededRandomNumberGenerator(seed: 99)

    let first = sut.steps(ofSequence: 5, using: &firstRandom)
    let second = sut.steps(ofSequence: 5, using: &secondRandom)

    #expect(first == second)
    #expect(sut.isWellFormed(first))
  }

  @Test func faults_breakEveryOperationThatAFailableCapabilityBreaks() {
    let failable = FeedStoreCapability.all.filter { $0.protocolName.hasPrefix("Failable") }

    let faults = OperationFault.all.map(\.capability.protocolName)

    #expect(faults == failable.map(\.protocolName))
  }

  @Test func everyFifthSequence_breaksAnOperationTheFactoryCanBreak() {
    let sut = FeedStoreSequenceModel(factory: MisbehavingFeedStoreFactory(misbehavior: nil))
    var random = SeededRandomNumberGenerator(seed: 7)

    let steps = sut.steps(ofSequence: 5, using: &random)

    #expect(FeedStoreSequenceModel.faultIndex(of: steps) != nil)
    #expect(sut.isWellFormed(steps))
  }

  private static let shrunkFailure = """
    The model-based spec found operations that break the FeedStore contract. Seed \
    14229655595083722224, sequence 1 (replay with FEEDSTORE_SPEC_SEED=14229655595083722224); 7 \
    steps, shrunk to 4 that fail on a new store:
      let store1 = try await factory.makeStore()
      try await store1.insert(numberedFeed(1, count: 0), timestamp: numberedTimestamp(0))
      try await store1.insert(numberedFeed(2, count: 0), timestamp: numberedTimestamp(0))
      try await store1.deleteCachedFeed()
      try await store1.retrieve()  // ✗ expected nil, but it delivered 0 images cached at \
    786297600.1234568s after 2001-01-01
    (numberedFeed and numberedTimestamp are FeedStoreFixtures' methods.)
    """

  private func makeSUT(misbehavior: Misbehavior) throws -> (
    FeedStoreSpec, MisbehavingFeedStoreFactory
  ) {
    let spec = try #require(FeedStoreSpec.named("model_randomOperationsMatchTheContract"))
    return (spec, MisbehavingFeedStoreFactory(misbehavior: misbehavior))
  }
}
