import ContractSpecs
import SharedSupport
import Testing

/// Proves the engine's model checker and concurrent register check on the counter contract.
@Suite(.specProfile(.quick)) struct ModelAndConcurrencyTests {
  @Test func modelCheck_passesOnACounterThatKeepsTheContract() async throws {
    let issues = try await collectIssues {
      try await ModelCheck.run(CounterModel(factory: TestCounterFactory()), sequences: 20)
    }

    #expect(issues.isEmpty)
  }

  @Test func modelCheck_reportsTheShortestSequenceThatFails() async throws {
    let issues = try await collectIssues {
      try await ModelCheck.run(
        CounterModel(factory: TestCounterFactory(flaw: .addsTwice)), sequences: 20)
    }

    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        """
        The model-based spec found operations that break the Counter contract. Seed 0, sequence \
        1 (replay with seed 0); 7 steps, shrunk to 2 that fail on a new counter:
          try await counter.add(1)
          try await counter.value()  // ✗ expected 1, but it was 2
        """
      ])
  }

  @Test func registerCheck_findsNoViolationOnARegisterThatKeepsItsRule() async {
    let outcome = await checkRegister(forgets: false)

    #expect(outcome.violations.isEmpty)
    #expect(outcome.disagreement == nil)
    #expect(!outcome.lastWrites.isEmpty)
  }

  @Test func registerCheck_findsAReadThatLostACompletedWrite() async {
    let outcome = await checkRegister(forgets: true)

    #expect(
      outcome.violations.contains {
        if case .emptyAfterWrite = $0 { true } else { false }
      })
  }

  @Test(.operationTimeLimit(.milliseconds(300)))
  func specThatWaitsForNothing_failsForMakingNoProgress() async throws {
    let spec = try #require(CounterSpec.named("idle_sleepsWithoutAnOperation"))

    let issues = try await collectIssues { try await spec.verify(IdleCounterFactory()) }

    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "Expected idle_sleepsWithoutAnOperation to make progress, but nothing it waits for "
          + "started or ended for 300 ms (the limit .operationTimeLimit sets)"
      ])
  }

  /// Runs the concurrent register check on one register, which forgets its value when asked.
  private func checkRegister(forgets: Bool) async -> ConcurrentRegisterOutcome {
    let register = Register(forgets: forgets)
    return await ConcurrentRegisterCheck(writers: 4, writesPerWriter: 5, readers: 2).run(
      instances: 1
    ) { _, value in
      await register.write(value)
    } read: { _ in
      await register.read()
    }
  }
}

private struct IdleCounterFactory: IdlingCounterFactory {
  func makeCounter() -> any Counter { TestCounter(flaw: nil) }
}

/// A register of numbers; one that forgets delivers nothing once it has been written.
private actor Register {
  private let forgets: Bool
  private var value: Int?

  init(forgets: Bool) {
    self.forgets = forgets
  }

  func write(_ value: Int) {
    self.value = value
  }

  func read() -> RegisterRead {
    guard let value, !forgets else { return .empty }
    return .value(value)
  }
}

/// The counter contract as a model: adds and reads, each read expected to give the sum so far.
private struct CounterModel: SequenceModel {
  enum Step: Hashable, Sendable {
    case add(Int)
    case check
  }

  let factory: TestCounterFactory

  var contractName: String { "Counter" }
  var instanceName: String { "counter" }

  func steps(ofSequence number: Int, using random: inout SeededRandomNumberGenerator) -> [Step] {
    (0..<(1 + random.index(below: 8))).map { _ in
      random.chance(1, in: 2) ? .add(1 + random.index(below: 5)) : .check
    } + [.check]
  }

  func run(_ steps: [Step], onNewInstances: Bool) async throws -> ModelFailure? {
    let counter = factory.makeCounter()
    var total = 0
    for (index, step) in steps.enumerated() {
      switch step {
      case .add(let amount):
        try await counter.add(amount)
        total += amount
      case .check:
        let value = try await counter.value()
        if value != total {
          return ModelFailure(step: index, message: "expected \(total), but it was \(value)")
        }
      }
    }
    return nil
  }

  func isWellFormed(_ steps: [Step]) -> Bool { true }

  func simplifications(of steps: [Step]) -> [[Step]] {
    steps.indices.compactMap { index in
      guard case .add(let amount) = steps[index], amount > 1 else { return nil }
      var simpler = steps
      simpler[index] = .add(1)
      return simpler
    }
  }

  func code(of steps: [Step], failure: ModelFailure) -> String {
    steps.enumerated().map { index, step in
      let line =
        switch step {
        case .add(let amount): "  try await counter.add(\(amount))"
        case .check: "  try await counter.value()"
        }
      return index == failure.step ? "\(line)  // ✗ \(failure.message)" : line
    }.joined(separator: "\n")
  }
}
