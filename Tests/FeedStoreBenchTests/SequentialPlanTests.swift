import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct SequentialPlanTests {
  /// The defaults: 20 rounds rounded up to 4 batches of 6, then half as many again at each look,
  /// up to the 16 whole batches that 100 rounds hold.
  @Test func looks_growByHalfInWholeBatchesUpToTheMost() {
    let sut = SequentialPlan(iterations: 20, maxIterations: 100)

    #expect(sut.looks == [24, 36, 54, 84, 96])
    #expect(sut.maxRounds == 96)
  }

  @Test func looks_takeAtLeastTwoBatchesHoweverFewRoundsAreAskedFor() {
    let sut = SequentialPlan(iterations: 3, maxIterations: 3)

    #expect(sut.looks == [12])
  }

  /// Five looks share the 2.5% that a 95% interval leaves on each side.
  @Test func tail_splitsTheErrorEvenlyOverTheLooks() {
    let sut = SequentialPlan(iterations: 20, maxIterations: 100)

    #expect(abs(sut.tail - 0.005) < 1e-15)
  }
}
