import ContractSpecs

/// A tiny contract for the engine's own tests: a counter that starts at zero and adds what it is
/// given.
protocol Counter: Sendable {
  func add(_ amount: Int) async throws
  func value() async throws -> Int
}

/// Makes counters for the specs of ``CounterCatalog``.
protocol CounterFactory: Sendable {
  func makeCounter() async throws -> any Counter
}

/// A factory that can make a counter's additions fail.
protocol FailableCounterFactory: CounterFactory {
  func makeAdditionFail(for counter: any Counter) async throws
}

/// A factory that opts into the idling spec.
protocol IdlingCounterFactory: CounterFactory {}

/// The catalog of the counter contract.
enum CounterCatalog: SpecCatalog {
  typealias Factory = any CounterFactory
  typealias FactoryType = any CounterFactory.Type

  static let name = "CounterSpec"
  static let environmentPrefix = "COUNTER_SPEC"
  static let capabilities = [
    AnyCapability(core), AnyCapability(failable), AnyCapability(probing), AnyCapability(idling),
  ]

  static let core = Capability<CounterCatalog, any CounterFactory>(
    "core", provides: "`makeCounter()`",
    checks: "a new counter is zero; additions add up", isProvided: { _ in true },
    specs: { coreSpecs + [modelSpec] })

  /// The capability of the probe, which every factory has: it is listed last, so `all(for:)`
  /// of a factory lists the probe after the real specs.
  static let probing = Capability<CounterCatalog, any CounterFactory>(
    "probing", provides: "nothing more",
    checks: "the setup a spec sees", isProvided: { _ in true }, specs: { [probe] })

  /// A capability whose one spec waits without registering an operation: how the watchdog bounds
  /// a spec that makes no progress.
  static let idling = Capability<CounterCatalog, any IdlingCounterFactory>(
    "idling", provides: "nothing more",
    checks: "nothing: it sleeps", isProvided: { $0 is any IdlingCounterFactory.Type },
    specs: { [idle] })

  static let idle: Spec<CounterCatalog> = Spec(
    "idle_sleepsWithoutAnOperation", idling, "Sleeps for a minute, waiting for nothing."
  ) { (_: any IdlingCounterFactory) in
    try await Task.sleep(for: .seconds(60))
  }

  static let failable = Capability<CounterCatalog, any FailableCounterFactory>(
    "failable", provides: "`makeAdditionFail(for:)`", checks: "a failed addition changes nothing",
    isProvided: { $0 is any FailableCounterFactory.Type }, specs: { failableSpecs })

  static let coreSpecs: [Spec<CounterCatalog>] = [
    Spec("value_isZeroWhenNew", core, "A new counter is zero.") { (factory: any CounterFactory) in
      let counter = try await SpecRun.makeInstance("makeCounter()") {
        try await factory.makeCounter()
      }

      let value = try await SpecRun.perform("value of a new counter") { try await counter.value() }

      if value != 0 {
        SpecRun.recordFailure("Expected a new counter to be 0, but it was \(value)")
      }
    },
    Spec("add_addsUp", core, "Two additions add up.") { (factory: any CounterFactory) in
      let counter = try await SpecRun.makeInstance("makeCounter()") {
        try await factory.makeCounter()
      }

      try await SpecRun.perform("add 2") { try await counter.add(2) }
      try await SpecRun.perform("add 3") { try await counter.add(3) }

      let value = try await SpecRun.perform("value after two additions") {
        try await counter.value()
      }
      if value != 5 {
        SpecRun.recordFailure(
          "Expected 2 + 3 to make 5, but the counter was \(value)",
          likelyCause: value == 10 ? "the counter adds each amount twice" : nil)
      }
    },
  ]

  /// The model-based spec: random additions and reads, against ``CounterModel``.
  static let modelSpec: Spec<CounterCatalog> = Spec(
    "model_randomOperationsMatchTheContract", core,
    "Random additions and reads deliver what the contract's model says."
  ) { factory in
    try await CounterModel(factory: factory).checkSequences(count: 20)
  }

  static let failableSpecs: [Spec<CounterCatalog>] = [
    Spec("add_changesNothingOnFailure", failable, "A failed addition changes nothing.") {
      (factory: any FailableCounterFactory) in
      let counter = try await SpecRun.makeInstance("makeCounter()") {
        try await factory.makeCounter()
      }
      try await SpecRun.perform("makeAdditionFail(for:)") {
        try await factory.makeAdditionFail(for: counter)
      }

      let failed = await SpecRun.expectFailure(of: "add to a broken counter") {
        try await counter.add(1)
      }
      guard failed else { return }

      let value = try await SpecRun.perform("value after a failed addition") {
        try await counter.value()
      }
      if value != 0 {
        SpecRun.recordFailure("Expected a failed addition to leave 0, but the counter was \(value)")
      }
    }
  ]
}

typealias CounterSpec = Spec<CounterCatalog>

extension CounterCatalog {
  /// A spec that reports, as its one failure, what the running spec sees of its setup, so a test
  /// can compare the setup in process and in a child process.
  static let probe = Spec<CounterCatalog>(
    "probe_reportsItsSetup", core, "Reports the profile, limit, seeds, directory and leak tracking."
  ) { (factory: any CounterFactory) in
    _ = try await SpecRun.perform("makeCounter()") { try await factory.makeCounter() }
    let directory = (try? TemporaryDirectory.current.lastPathComponent) ?? "none"
    SpecRun.recordFailure(
      "profile \(SpecRun.profile.rawValue), limit \(SpecRun.operationTimeLimit), seeds "
        + "\(SpecRun.randomSeeds), directory \(directory)")
  }
}

/// The counter contract as a model: the total is the state; an addition adds to it, and a read
/// delivers it.
struct CounterModel: ContractModel {
  enum Operation: Hashable, Sendable {
    case add(Int)
    case value
  }

  let factory: any CounterFactory

  var contractName: String { "Counter" }
  var instanceName: String { "counter" }
  var initialState: Int { 0 }

  func makeInstance() async throws -> any Counter { try await factory.makeCounter() }

  func operation(on instance: Int, in total: Int, using draw: inout ModelDraw) -> Operation {
    draw.chance(1, in: 2) ? .add(1 + draw.index(below: 5)) : .value
  }

  func perform(_ operation: Operation, on counter: any Counter) async throws -> Int? {
    switch operation {
    case .add(let amount):
      try await counter.add(amount)
      return nil
    case .value:
      return try await counter.value()
    }
  }

  func expectation(of operation: Operation, on instance: Int, in total: Int)
    -> ModelExpectation<Int?, Int>
  {
    switch operation {
    case .add(let amount): .returns(nil, then: total + amount)
    case .value: .returns(total, then: total)
    }
  }
}
