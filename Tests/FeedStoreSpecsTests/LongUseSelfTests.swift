import ContractSpecs
import Testing

@testable import FeedStoreSpecs

/// Proves the long-use spec and the grammar specs in both forms, and pins how a failure that needs
/// long use reports itself: the stores that go wrong only after many calls fail the long-use
/// spec, in this process and in a child process, and so does each grammar part's broken store.
@Suite(.failureDirectory(nil)) struct LongUseSelfTests {
  @Test(.specProfile(.quick))
  func droppedInsert_reportsTheOperationFromWhichTheFailureNeedsItsSteps()
    async throws
  {
    let (spec, factory) = try makeSUT(misbehavior: .dropsEveryFiftiethInsert)

    let failures = try await collectIssues { try await spec.verify(factory) }

    let message = try #require(failures.first?.comments.first?.rawValue)
    #expect(failures.count == 1)
    #expect(message == Self.droppedInsertFailure)
  }

  @Test(.specProfile(.quick)) func failureOfItsLastSteps_isShrunkAsASequencesIs() async throws {
    let (spec, factory) = try makeSUT(misbehavior: .ignoresDeleteOfReplacedCache)

    let failures = try await collectIssues { try await spec.verify(factory) }

    let message = try #require(failures.first?.comments.first?.rawValue)
    #expect(failures.count == 1)
    #expect(message.contains(" shrunk to 4 that fail on a new store:\n  try await model.replay(["))
  }

  /// A descriptor leaked per call runs out after about 1,000 calls.
  ///
  /// That is more than the quick profile makes: the thorough one catches it, and this test runs
  /// in the thorough profile only.
  @Test(
    .enabled(if: try FeedStoreSpec.profile == .thorough, "thousands of calls"),
    .specProfile(.thorough))
  func leakedDescriptor_failsLongUseInTheThoroughProfile()
    async throws
  {
    let (spec, factory) = try makeSUT(misbehavior: .leaksADescriptorPerCall)

    let failures = try await collectIssues { try await spec.verify(factory) }

    let message = try #require(failures.first?.comments.first?.rawValue)
    #expect(failures.count == 1)
    #expect(message.hasPrefix("The long-use check found that one store breaks the FeedStore"))
    #expect(message.contains(", and it needs every operation before: no shorter use of a new"))
  }

  /// A child process each, and thousands of calls: in the thorough profile only.
  @Test(
    .enabled(if: try FeedStoreSpec.profile == .thorough, "a child process each"),
    .specProfile(.thorough),
    arguments: [
      Misbehavior.dropsEveryFiftiethInsert, .leaksADescriptorPerCall,
      // Its descriptors run out under the limit the check sets in a child process.
      .leaksADescriptorPerCallUntilTheProcessRunsOut,
    ])
  func storeThatGoesWrongAfterLongUse_failsLongUseInAChildProcess(_ misbehavior: Misbehavior)
    async throws
  {
    let (spec, factory) = try makeSUT(misbehavior: misbehavior)
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await spec.verifyInChildProcess(factory, sourceLocation: caller)
    }

    let message = try #require(failures.first?.comments.first?.rawValue)
    #expect(failures.map(\.sourceLocation) == [caller])
    #expect(message.hasPrefix("The long-use check found that one store breaks the FeedStore"))
    #expect(
      message.contains("shrinking cannot drop those: the failure needs them")
        || message.contains(", and it needs every operation before: no shorter use"))
  }

  /// The file-backed form: a child process, and thousands of calls, in the thorough profile only.
  @Test(
    .enabled(if: try FeedStoreSpec.profile == .thorough, "a child process"),
    .specProfile(.thorough))
  func diskStoreThatSkipsEveryFiftiethWrite_failsLongUseInAChildProcess() async throws {
    let spec = try #require(FeedStoreSpec.named("model_longUseOfOneStoreMatchesTheContract"))
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await spec.verifyInChildProcess(
        DiskFeedStoreFactory(misbehavior: .skipsEveryFiftiethWrite), sourceLocation: caller)
    }

    #expect(failures.map(\.sourceLocation) == [caller])
    #expect(
      failures.first?.comments.first?.rawValue.hasPrefix(
        "The long-use check found that one store breaks the FeedStore") == true)
  }

  /// One child process per grammar part's broken store: in the thorough profile only.
  @Test(
    .enabled(if: try FeedStoreSpec.profile == .thorough, "a child process per broken store"),
    arguments: Misbehavior.allCases.filter {
      FeedStoreCatalog.grammarSpecs.map(\.id).contains($0.caughtBySpec)
    })
  func grammarPartRewritten_failsItsSpecInAChildProcess(_ misbehavior: Misbehavior) async throws {
    let spec = try #require(FeedStoreSpec.named(misbehavior.caughtBySpec))
    let caller = #_sourceLocation

    let failures = try await collectIssues {
      try await spec.verifyInChildProcess(
        MisbehavingFeedStoreFactory(misbehavior: misbehavior), sourceLocation: caller)
    }

    #expect(failures.map(\.sourceLocation) == [caller])
    #expect(failures.first?.comments.first?.rawValue.hasPrefix("Expected retrieve after") == true)
  }

  private func makeSUT(misbehavior: Misbehavior) throws -> (
    FeedStoreSpec, MisbehavingFeedStoreFactory
  ) {
    let spec = try #require(FeedStoreSpec.named("model_longUseOfOneStoreMatchesTheContract"))
    return (spec, MisbehavingFeedStoreFactory(misbehavior: misbehavior))
  }

  private static let droppedInsertFailure = """
    The long-use check found that one store breaks the FeedStore contract at operation 118. Seed \
    10911680542051041970 (replay with FEEDSTORE_SPEC_SEED=10911680542051041970); it fails on a new \
    store from operation 3 on (116 operations), and shrinking cannot drop those: the failure needs \
    them. Its last steps:
        // 104 operations before these
        .perform(.insert(feed: 565, count: 1, timestamp: 0), on: 3),
        .perform(.insert(feed: 727, count: 28, timestamp: 0), on: 4),
        .reopen(4),
        .perform(.insert(feed: 335, count: 2, timestamp: 1), on: 1),
        .perform(.retrieve, on: 3),
        .perform(.retrieve, on: 3),
        .perform(.delete, on: 1),
        .perform(.insert(feed: 713, count: 2, timestamp: 2), on: 4),
        .reopen(3),
        .perform(.insert(feed: 203, count: 1, timestamp: 0), on: 2),
        .perform(.insert(feed: 339, count: 0, timestamp: 3), on: 4),
        .perform(.retrieve, on: 4),  // ✗ expected 0 images cached at 786297603.1234568s after \
    2001-01-01, but its timestamp was 786297600.1234568s after 2001-01-01 (bits \
    0x41C76EF9800FCD6F, expected 0x41C76EF9818FCD6F)
    """
}
