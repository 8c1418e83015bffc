/// Steps running against an implementation's instances and the model side by side, one at a
/// time, each checked against what the model expects.
///
/// Steps come from numbers: each step draws what it is (an operation on an instance, or opening
/// an instance) and the operation's inputs from a ``ModelDraw``, which either draws fresh numbers
/// or replays recorded ones. A session records every step's numbers since its storage was new:
/// replaying them on new instances repeats the session exactly, which is what the shrinker
/// shrinks and the failure store keeps.
struct SequenceRun<Model: ContractModel> {
  /// The most instances a sequence opens over one storage.
  static var maxInstances: Int { 4 }

  let model: Model

  /// Instances over one storage, the model's state, and every step since the storage was new.
  struct Session {
    fileprivate(set) var instances: [Model.Instance]
    fileprivate(set) var state: Model.State
    /// The steps that ran, in order.
    fileprivate(set) var steps: [ModelStep<Model.Operation>] = []
    /// The numbers each step, run or skipped, was drawn from; what replays the session.
    fileprivate(set) var drawn: [DrawnStep] = []
    /// For each step that ran, the index in ``drawn`` of the numbers it was drawn from.
    fileprivate var drawOfStep: [Int] = []
    /// The index in ``steps`` of the step the model did not accept, and what it did instead.
    fileprivate(set) var failure: StepFailure?

    /// The numbers that replay the session up to its failing step, or all of them.
    var drawnThroughFailure: [DrawnStep] {
      guard let failure else { return drawn }
      return Array(drawn.prefix(through: drawOfStep[failure.step]))
    }
  }

  /// A session over new storage: one instance, made by the model.
  func start() async throws -> Session {
    let instance = try await SpecRun.perform("making a \(model.instanceName)") {
      try await model.makeInstance()
    }
    return Session(instances: [instance], state: model.opened(1, in: model.initialState))
  }

  /// Runs `length` steps of sequence `sequence`, drawn afresh from `generator`, in `session`,
  /// stopping at the first that breaks the contract.
  func run(
    _ length: Int, of sequence: Int, in session: inout Session,
    from generator: inout SeededRandomNumberGenerator
  ) async throws {
    for _ in 0..<length where session.failure == nil {
      let random = SeededRandomNumberGenerator(seed: generator.next())
      try await step(ModelDraw(random: random, sequence: sequence), in: &session)
    }
  }

  /// Reopens instance 1 in `session`, as an app relaunched over its storage does: the step that
  /// joins sequence `sequence` to the one before over the same storage.
  func reopen(beginning sequence: Int, in session: inout Session) async throws {
    let step = DrawnStep(sequence: sequence, numbers: Self.reopenFirstInstance)
    try await self.step(ModelDraw(replaying: step), in: &session)
  }

  /// The numbers of the step that reopens instance 1.
  private static var reopenFirstInstance: [Int] { [11, 0] }

  /// Runs the steps drawn from `drawn`, the numbers of an earlier session, perhaps shrunk, in a
  /// new session.
  func replay(_ drawn: [DrawnStep]) async throws -> Session {
    var session = try await start()
    for step in drawn where session.failure == nil {
      try await self.step(ModelDraw(replaying: step), in: &session)
    }
    return session
  }

  /// Draws one step from `draw`, runs it and checks it.
  private func step(_ draw: ModelDraw, in session: inout Session) async throws {
    var draw = draw
    let step = self.step(instances: session.instances.count, state: session.state, draw: &draw)
    session.drawn.append(DrawnStep(sequence: draw.sequence, numbers: draw.choices))
    guard let step else { return }
    session.drawOfStep.append(session.drawn.count - 1)
    try await execute(step, in: &session)
  }

  /// Runs `step` in `session` and checks it; a step the model does not accept is the session's
  /// failure.
  func execute(_ step: ModelStep<Model.Operation>, in session: inout Session) async throws {
    session.steps.append(step)
    switch step {
    case .perform(let operation, let number):
      let expectation = model.expectation(of: operation, on: number, in: session.state)
      let outcome = try await outcome(
        of: operation, on: session.instances[number - 1], number: number)
      switch check(outcome, against: expectation) {
      case .success(let next): session.state = next
      case .failure(let mismatch):
        session.failure = (session.steps.count - 1, mismatch.message, mismatch.likelyCause)
      }
    case .open(let number), .reopen(let number):
      let opened: Model.Instance
      do {
        opened = try await SpecRun.perform(
          "opening another \(model.instanceName) over the storage of \(model.instanceName) "
            + "\(number)"
        ) {
          try await model.openInstance(sharingStorageWith: session.instances[number - 1])
        }
      } catch is SpecAbandoned {
        throw SpecAbandoned()
      } catch {
        session.failure = (session.steps.count - 1, FailureMessage.openingThrew(error), nil)
        return
      }
      if case .open = step {
        session.instances.append(opened)
        session.state = model.opened(session.instances.count, in: session.state)
      } else {
        session.instances[number - 1] = opened
        session.state = model.opened(number, in: session.state)
      }
    }
  }

  /// The step `draw` makes with `instances` instances in `state`, or `nil` when the operation it
  /// draws may not run then.
  ///
  /// One step in twelve opens another instance or reopens one, when the model opens instances
  /// over shared storage and allows it in `state`; a draw of 0 is an operation on instance 1, so
  /// shrinking makes steps operations on one instance.
  private func step(instances: Int, state: Model.State, draw: inout ModelDraw)
    -> ModelStep<Model.Operation>?
  {
    if model.opensInstancesSharingStorage {
      let kind = draw.index(below: 12)
      if kind >= 10 {
        guard model.allowsOpening(in: state), kind == 11 || instances < Self.maxInstances else {
          return nil
        }
        let number = 1 + draw.index(below: instances)
        return kind == 10 ? .open(sharingStorageWith: number) : .reopen(number)
      }
    }
    let number = 1 + draw.index(below: instances)
    let operation = model.operation(on: number, in: state, using: &draw)
    guard model.isAllowed(operation, on: number, in: state) else { return nil }
    return .perform(operation, on: number)
  }

  /// What `operation` delivered on `instance`, or threw, within the spec's time limit.
  ///
  /// - Throws: Only ``SpecAbandoned``, once the watchdog gave up on the spec.
  private func outcome(of operation: Model.Operation, on instance: Model.Instance, number: Int)
    async throws -> Result<Model.Output, any Error>
  {
    do {
      return .success(
        try await SpecRun.perform(describedBy: { ModelCode.call(operation, on: number, of: model) })
        {
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
    _ outcome: Result<Model.Output, any Error>,
    against expectation: ModelExpectation<Model.Output, Model.State>
  ) -> Result<Model.State, Mismatch> {
    switch (outcome, expectation.returning, expectation.throwing) {
    case (.success(let output), let returning?, _):
      if let difference = model.difference(between: returning.output, and: output) {
        return .failure(
          Mismatch(
            message: FailureMessage.delivered(
              ModelCode.describe(returning.output), ModelCode.describe(output), difference),
            likelyCause: model.likelyCause(between: returning.output, and: output)))
      }
      return .success(returning.next)
    case (.success(let output), nil, _):
      return .failure(
        Mismatch(message: FailureMessage.deliveredInsteadOfThrowing(ModelCode.describe(output))))
    case (.failure, _, let next?):
      return .success(next)
    case (.failure(let error), let returning?, nil):
      return .failure(
        Mismatch(
          message: FailureMessage.threw(error, expected: ModelCode.describe(returning.output))))
    case (.failure(let error), nil, nil):
      return .failure(Mismatch(message: FailureMessage.threw(error, expected: nil)))
    }
  }

  /// How an outcome broke the model's expectation.
  struct Mismatch: Error {
    let message: String
    /// What the difference likely says about the implementation, when the model knows.
    var likelyCause: String?
  }
}

/// The step of a sequence the model did not accept: its index, what it did instead, and the
/// likely cause the model names for the difference, if any.
typealias StepFailure = (step: Int, message: String, likelyCause: String?)
