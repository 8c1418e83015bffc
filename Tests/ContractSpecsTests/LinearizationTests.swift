import Testing

@testable import ContractSpecs

/// Pins the search for an order of concurrent calls on histories written by hand.
@Suite struct LinearizationTests {
  @Test func overlappingAppendsAndAReadOfBoth_areLinearizable() {
    let sut = makeSUT([
      call(task: 1, .append([1]), from: 1, to: 4),
      call(task: 2, .append([2]), from: 2, to: 3),
      call(task: 3, .read, from: 5, to: 6, delivered: [2, 1]),
    ])

    let verdict = sut.verdict(from: [])

    #expect(verdict == .linearizable)
  }

  @Test func aReadThatMissesAnAppendThatReturnedBeforeIt_isNotLinearizable() {
    let sut = makeSUT([
      call(task: 1, .append([1]), from: 1, to: 2),
      call(task: 2, .append([2]), from: 3, to: 6),
      call(task: 3, .read, from: 4, to: 5, delivered: [2]),
    ])

    let verdict = sut.verdict(from: [])

    #expect(verdict == .notLinearizable)
  }

  @Test func aSearchPastItsBudget_isUndecided() {
    var sut = makeSUT([
      call(task: 1, .append([1]), from: 1, to: 4),
      call(task: 2, .append([2]), from: 2, to: 5),
      call(task: 3, .read, from: 3, to: 6, delivered: [3]),
    ])
    sut.budget = 2

    let verdict = sut.verdict(from: [])

    #expect(verdict == .undecided)
  }

  @Test func aReadThatMissesAnAppendThatReturnedBeforeIt_isTheCallMarked() {
    let calls = [
      call(task: 1, .append([1]), from: 1, to: 2),
      call(task: 2, .append([2]), from: 3, to: 6),
      call(task: 3, .read, from: 4, to: 5, delivered: [2]),
    ]

    let impossible = ImpossibleCall(model: AppendLogModel { ActorAppendLog() }, calls: calls)
      .find(from: [])

    #expect(impossible?.call == 2)
    #expect(impossible?.allowed == ["[1]", "[1, 2]"])
  }

  @Test func callsThatConflictOnlyTogether_markNoCall() {
    let calls = [
      call(task: 1, .append([1]), from: 1, to: 4),
      call(task: 2, .append([2]), from: 2, to: 5),
      call(task: 3, .read, from: 6, to: 7, delivered: [1, 2]),
      call(task: 4, .read, from: 6, to: 7, delivered: [2, 1]),
    ]

    let impossible = ImpossibleCall(model: AppendLogModel { ActorAppendLog() }, calls: calls)
      .find(from: [])

    #expect(impossible == nil)
  }

  @Test func historyOfOneTask_saysOneTask() {
    let message = FailureMessage.notLinearizable(
      tasks: 1, contractName: "AppendLog", circumstances: "(seed 1)", history: ["  task 1: …"],
      marksACall: true)

    #expect(
      message
        == "Expected the calls of 1 task to take effect in some order that keeps when each began "
        + "and returned, as the AppendLog contract allows, but no order does (seed 1); the "
        + "smallest history found, 1 call on a logical clock, the call no order explains "
        + "marked ✗:\n  task 1: …")
  }

  private func makeSUT(_ calls: [ConcurrentRound<AppendLogModel>.Call]) -> Linearization<
    AppendLogModel
  > {
    Linearization(model: AppendLogModel { ActorAppendLog() }, calls: calls)
  }

  private func call(
    task: Int, _ operation: AppendLogModel.Operation, from begin: Int, to end: Int,
    delivered: [Int]? = nil
  ) -> ConcurrentRound<AppendLogModel>.Call {
    ConcurrentRound<AppendLogModel>.Call(
      task: task, operation: operation, instance: 1, begin: begin, end: end,
      outcome: .success(delivered))
  }
}
