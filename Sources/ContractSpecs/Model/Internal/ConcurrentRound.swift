import SharedSupport

/// One round of the concurrency check: tasks calling an implementation at once, each call's
/// start, end and outcome recorded on one logical clock.
///
/// The clock ticks once just before each call and once just after it returns, so "returned
/// before the other began" is exact; the calls in between overlap, and any order of them is
/// consistent with real time.
struct ConcurrentRound<Model: ContractModel> {
  let model: Model

  /// What each task calls, as the numbers each operation was drawn from.
  typealias Program = [[DrawnStep]]

  /// One call of a round.
  struct Call: Sendable {
    let task: Int
    let operation: Model.Operation
    /// The number of the instance it ran on, from 1.
    let instance: Int
    let begin: Int
    let end: Int
    let outcome: Result<Model.Output, any Error>
  }

  /// The state the tasks' operations are drawn from: new storage, with its instances open.
  func startState(instances: Int) -> Model.State {
    (1...instances).reduce(model.initialState) { model.opened($1, in: $0) }
  }

  /// How many instances a round opens over one storage: two when the model opens instances over
  /// shared storage, so the calls cross instances too; else one.
  func instanceCount(tasks: Int) -> Int {
    model.opensInstancesSharingStorage ? 2 : 1
  }

  /// The instance, from 1, that call `call` of task `task` runs on: the instances in turn, each
  /// task starting on another, so one task's calls, in their real-time order, cross instances.
  static func instance(ofCall call: Int, task: Int, instances: Int) -> Int {
    1 + (task + call) % instances
  }

  /// A program of `tasks` tasks of `operations` operations each for round `round`, drawn afresh.
  func program(
    tasks: Int, operations: Int, round: Int, from generator: inout SeededRandomNumberGenerator
  ) -> Program {
    let state = startState(instances: instanceCount(tasks: tasks))
    let instances = instanceCount(tasks: tasks)
    return (0..<tasks).map { task in
      (0..<operations).map { call in
        var draw = ModelDraw(
          random: SeededRandomNumberGenerator(seed: generator.next()), sequence: round)
        let instance = Self.instance(ofCall: call, task: task, instances: instances)
        _ = model.operation(on: instance, in: state, using: &draw)
        return DrawnStep(sequence: round, numbers: draw.choices)
      }
    }
  }

  /// Runs `program` on new instances, its tasks at once, on a thread for each job
  /// (``ConcurrentCallExecutor``) where the platform has task executors, and records every call.
  ///
  /// - Returns: The calls, in no particular order.
  /// - Throws: What making or opening an instance throws; ``SpecAbandoned`` once the watchdog
  ///   gave up on the spec.
  func run(_ program: Program) async throws -> [Call] {
    let count = instanceCount(tasks: program.count)
    var instances = [
      try await SpecRun.perform("making a \(model.instanceName)") { try await model.makeInstance() }
    ]
    while instances.count < count {
      let first = instances[0]
      instances.append(
        try await SpecRun.perform("opening another \(model.instanceName)") {
          try await model.openInstance(sharingStorageWith: first)
        })
    }
    let state = startState(instances: count)
    let calls = program.enumerated().map { task, drawn in
      drawn.enumerated().compactMap { call, step -> (Model.Operation, Int)? in
        var draw = ModelDraw(replaying: step)
        let instance = Self.instance(ofCall: call, task: task, instances: count)
        let operation = model.operation(on: instance, in: state, using: &draw)
        return model.isAllowed(operation, on: instance, in: state) ? (operation, instance) : nil
      }
    }
    let log = CallLog<Model>()
    let gate = StartGate(tasks: program.count)
    let opened = instances
    @Sendable func record(_ steps: [(Model.Operation, Int)], of task: Int) async throws -> [Call] {
      await gate.arrive()
      var recorded: [Call] = []
      for (operation, number) in steps {
        let instance = opened[number - 1]
        let begin = log.tick()
        let outcome: Result<Model.Output, any Error>
        do {
          outcome = .success(
            try await SpecRun.perform(describedBy: {
              ModelCode.call(operation, on: number, of: model)
            }) {
              try await model.perform(operation, on: instance)
            })
        } catch is SpecAbandoned {
          throw SpecAbandoned()
        } catch {
          outcome = .failure(error)
        }
        recorded.append(
          Call(
            task: task + 1, operation: operation, instance: number, begin: begin,
            end: log.tick(), outcome: outcome))
      }
      return recorded
    }
    return try await withThrowingTaskGroup(of: [Call].self) { group in
      for (task, taskCalls) in calls.enumerated() {
        let calling: @Sendable () async throws -> [Call] = { try await record(taskCalls, of: task) }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
          group.addTask(executorPreference: ConcurrentCallExecutor(), operation: calling)
        } else {
          group.addTask(operation: calling)
        }
      }
      return try await group.reduce(into: [Call]()) { $0 += $1 }
    }
  }
}

/// The logical clock of a round.
private final class CallLog<Model: ContractModel>: Sendable {
  private let clock = Locked(0)

  /// The next tick of the clock.
  func tick() -> Int {
    clock.withLock { clock in
      clock += 1
      return clock
    }
  }
}

/// Holds every task of a round until all have started, so their calls overlap as much as the
/// threads allow, even on a pool that starts tasks one by one.
private actor StartGate {
  private let tasks: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(tasks: Int) {
    self.tasks = tasks
  }

  func arrive() async {
    arrived += 1
    guard arrived < tasks else {
      for task in waiting { task.resume() }
      waiting.removeAll()
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}
