import ContractSpecs
import Testing

@testable import FeedStoreSpecs

/// Pins how the model-based spec reports, shrinks and replays a failure of the FeedStore model.
@Suite(.specProfile(.quick), .failureDirectory(nil)) struct ModelCheckTests {
  @Test func shrunkFailure_reportsTheSeedAndTheShortestFailingSteps() async throws {
    let (spec, factory) = try makeSUT(misbehavior: .ignoresDeleteOfReplacedCache)

    let failures = try await collectIssues { try await spec.verify(factory) }

    #expect(failures.map { $0.comments.map(\.rawValue) } == [[Self.shrunkFailure]])
  }

  @Test func failureThatNeedsALongHistory_isShrunkFromTheStepsSinceTheStorageWasNew()
    async throws
  {
    let (spec, factory) = try makeSUT(misbehavior: .ignoresInsertsOnceItsStorageHasTakenTwelve)

    let failures = try await collectIssues { try await spec.verify(factory) }

    let message = try #require(failures.first?.comments.first?.rawValue)
    let inserts = message.components(separatedBy: ".perform(.insert(").count - 1
    #expect(failures.count == 1)
    #expect(message.contains(" sequences since the storage was new, shrunk to "))
    #expect(inserts == 13)
  }

  @Test func faults_breakEveryOperationThatAFailableCapabilityBreaks() {
    let failable = FeedStoreCapability.all.filter { $0.protocolName.hasPrefix("Failable") }

    let faults = OperationFault.all.map(\.capability.protocolName)

    #expect(faults == failable.map(\.protocolName))
  }

  @Test func printedFailure_replaysAsATestOfItsOwn() async throws {
    let sut = FeedStoreModel(
      factory: MisbehavingFeedStoreFactory(misbehavior: .ignoresDeleteOfReplacedCache))
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await sut.replay(
        [
          .perform(.insert(feed: 1, count: 0, timestamp: 0), on: 1),
          .perform(.insert(feed: 1, count: 0, timestamp: 0), on: 1),
          .perform(.delete, on: 1),
          .perform(.retrieve, on: 1),
        ], sourceLocation: caller)
    }

    #expect(issues.map(\.sourceLocation) == [caller])
  }

  private static let shrunkFailure = """
    The model-based check found operations that break the FeedStore contract. Seed \
    14229655595083722224, sequence 3 (replay with FEEDSTORE_SPEC_SEED=14229655595083722224); 23 \
    steps of the 3 sequences since the storage was new, shrunk to 4 that fail on a new store:
      try await model.replay([
        .perform(.insert(feed: 1, count: 0, timestamp: 0), on: 1),
        .perform(.insert(feed: 1, count: 0, timestamp: 0), on: 1),
        .perform(.delete, on: 1),
        .perform(.retrieve, on: 1),  // ✗ expected nil (nothing cached), but it delivered 0 \
    images cached at 786297600.1234568s after 2001-01-01
      ])
    """

  private func makeSUT(misbehavior: Misbehavior) throws -> (
    FeedStoreSpec, MisbehavingFeedStoreFactory
  ) {
    let spec = try #require(FeedStoreSpec.named("model_randomOperationsMatchTheContract"))
    return (spec, MisbehavingFeedStoreFactory(misbehavior: misbehavior))
  }
}
