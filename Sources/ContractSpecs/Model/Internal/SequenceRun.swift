/// One sequence of steps running against new instances of an implementation and the model side
/// by side, step by step, stopping at the first step whose outcome the model does not accept.
///
/// Steps come from numbers: each step draws what it is (an operation on an instance, or opening
/// an instance) and the operation's inputs from a ``ModelDraw``, which either draws fresh numbers
/// or replays recorded ones. The recorded numbers of a sequence are what the shrinker shrinks and
/// the failure store keeps.
struct SequenceRun<Model: ContractModel> {
  /// The most instances a sequence opens over one storage.
  static var maxInstances: Int { 4 }

  let model: Model

  /// What a run did: each step that ran, with the numbers it was drawn from, and the first that
  /// broke the contract.
  struct Result {
    /// The steps that ran, in order.
    var steps: [ModelStep<Model.Operation>] = []
    /// The numbers each step, run or skipped, was drawn from; what replays the run.
    var drawn: [[Int]] = []
    /// For each step that ran, the index in ``drawn`` of the numbers it was drawn from.
    var drawOfStep: [Int] = []

    /// The numbers that replay the run up to its failing step, or all of them.
    var drawnThroughFailure: [[Int]] {
      guard let failure else { return drawn }
      return Array(drawn.prefix(through: drawOfStep[failure.step]))
    }
    /// The index in ``steps`` of the step the model did not accept, and what it did instead.
    var failure: (step: Int, message: String)?
  }

  /// Runs `length` steps drawn afresh from `generator`.
  func run(length: Int, from generator: inout SeededRandomNumberGenerator) async throws -> Result {
    try await run(
      (0..<length).map { _ in ModelDraw(random: SeededRandomNumberGenerator(seed: generator.next()))
      }
    )
  }

  /// Runs the steps drawn from `drawn`, the numbers of an earlier run, perhaps shrunk.
  func replay(_ drawn: [[Int]]) async throws -> Result {
    try await run(drawn.map(ModelDraw.init(replaying:)))
  }

  /// Runs one step per draw on new instances.
  private func run(_ draws: [ModelDraw]) async throws -> Result {
    var result = Result()
    var instances = [try await makeInstance()]
    var state = model.opened(1, in: model.initialState)
    for var draw in draws {
      let step = self.step(instances: instances.count, state: state, draw: &draw)
      result.drawn.append(draw.choices)
      guard let step else { continue }
      result.steps.append(step)
      result.drawOfStep.append(result.drawn.count - 1)
      switch step {
      case .perform(let operation, let number):
        let expectation = model.expectation(of: operation, on: number, in: state)
        let outcome = try await outcome(of: operation, on: instances[number - 1], number: number)
        switch check(outcome, against: expectation) {
        case .success(let next):
          state = next
        case .failure(let mismatch):
          result.failure = (result.steps.count - 1, mismatch.message)
          return result
        }
      case .open(let number), .reopen(let number):
        let opened: Model.Instance
        do {
          opened = try await SpecRun.perform(
            "opening another \(model.instanceName) over the storage of \(model.instanceName) "
              + "\(number)"
          ) {
            try await model.openInstance(sharingStorageWith: instances[number - 1])
          }
        } catch is SpecAbandoned {
          throw SpecAbandoned()
        } catch {
          result.failure = (
            result.steps.count - 1, "expected it to open an instance, but it threw: \(error)"
          )
          return result
        }
        if case .open = step {
          instances.append(opened)
          state = model.opened(instances.count, in: state)
        } else {
          instances[number - 1] = opened
          state = model.opened(number, in: state)
        }
      }
    }
    return result
  }

  /// The step `draw` makes with `instances` instances in `state`, or `nil` when the operation it
  /// draws may not run then.
  ///
  /// One step in twelve opens another instance or reopens one, when the model opens instances
  /// over shared storage; a draw of 0 is an operation on instance 1, so shrinking makes steps
  /// operations on one instance.
  private func step(instances: Int, state: Model.State, draw: inout ModelDraw)
    -> ModelStep<Model.Operation>?
  {
    if model.opensInstancesSharingStorage {
      switch draw.index(below: 12) {
      case 10 where instances < Self.maxInstances:
        return .open(sharingStorageWith: 1 + draw.index(below: instances))
      case 11:
        return .reopen(1 + draw.index(below: instances))
      default:
        break
      }
    }
    let number = 1 + draw.index(below: instances)
    let operation = model.operation(on: number, in: state, using: &draw)
    guard model.isAllowed(operation, on: number, in: state) else { return nil }
    return .perform(operation, on: number)
  }

  /// A new instance over new storage, within the spec's time limit.
  private func makeInstance() async throws -> Model.Instance {
    try await SpecRun.perform("making a \(model.instanceName)") { try await model.makeInstance() }
  }

  /// What `operation` delivered on `instance`, or threw, within the spec's time limit.
  ///
  /// - Throws: Only ``SpecAbandoned``, once the watchdog gave up on the spec.
  private func outcome(of operation: Model.Operation, on instance: Model.Instance, number: Int)
    async throws -> Swift.Result<Model.Output, any Error>
  {
    do {
      return .success(
        try await SpecRun.perform(ModelCode.call(operation, on: number, of: model)) {
          try await model.perform(operation, on: instance)
        })
    } catch is SpecAbandoned {
      throw SpecAbandoned()
    } catch {
      return .failure(error)
    }
  }

  /// The state after `outcome`, when `expectation` allows it.
  func check(
    _ outcome: Swift.Result<Model.Output, any Error>,
    against expectation: ModelExpectation<Model.Output, Model.State>
  ) -> Swift.Result<Model.State, Mismatch> {
    switch (outcome, expectation.returning, expectation.throwing) {
    case (.success(let output), let returning?, _):
      if let difference = model.difference(between: returning.output, and: output) {
        let expected = ModelCode.describe(returning.output)
        return .failure(Mismatch(message: "expected \(expected), but \(difference)"))
      }
      return .success(returning.next)
    case (.success(let output), nil, _):
      return .failure(
        Mismatch(message: "expected it to throw, but it delivered \(ModelCode.describe(output))"))
    case (.failure, _, let next?):
      return .success(next)
    case (.failure(let error), let returning?, nil):
      return .failure(
        Mismatch(
          message: "expected \(ModelCode.describe(returning.output)), but it threw: \(error)"))
    case (.failure(let error), nil, nil):
      return .failure(Mismatch(message: "expected nothing of it, but it threw: \(error)"))
    }
  }

  /// How an outcome broke the model's expectation.
  struct Mismatch: Error {
    let message: String
  }
}
