import Foundation
import Testing

extension ContractModel {
  /// Runs `count` random sequences of the model's operations from each of the running spec's
  /// seeds against new instances, and records one failure for the first that breaks the contract,
  /// shrunk to the shortest, simplest sequence found that still does, printed as Swift.
  ///
  /// Each sequence starts with ``makeInstance()`` and runs up to `maxLength` steps: operations
  /// drawn from the model's state (``operation(on:in:using:)``, skipping those
  /// ``isAllowed(_:on:in:)`` refuses) and, for a model whose instances share storage, opening
  /// and reopening instances. Every outcome is checked against
  /// ``expectation(of:on:in:)``. Shrinking removes steps and draws smaller numbers for what
  /// remains, each candidate on new instances, within a budget of 100 runs in the quick profile
  /// and 400 in the thorough one.
  ///
  /// Sequences come from ``SpecRun/randomSeeds``: the quick profile runs the same ones every time,
  /// the thorough profile adds a fresh seed, and the catalog's seed variable replays one. What
  /// fails is kept (``Testing/Trait/failureDirectory(_:)``) and run first next time, until it
  /// passes.
  ///
  /// ```swift
  /// ImageDataCacheSpec("model_randomOperationsMatchTheContract", core, "…") { factory in
  ///   try await ImageDataCacheModel(factory: factory).checkSequences(count: 20)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many sequences per seed the profile calls for; the catalog's sequences
  ///     variable overrides it.
  ///   - maxLength: The most steps a sequence has.
  /// - Throws: What making an instance throws; the spec then fails with it.
  public func checkSequences(count: Int, maxLength: Int = 30) async throws {
    let run = SequenceRun(model: self)
    let store = FailureStore(check: "sequences")
    let failedAgain = try await failsAgain(keptIn: store, of: run) {
      try await report($0, failure: $1, of: run, keptIn: store?.file, introduction: $2)
    }
    guard !failedAgain else { return }
    let sequences = SpecRun.sequences(default: count)
    for seed in SpecRun.randomSeeds {
      var seeds = SeededRandomNumberGenerator(seed: seed)
      // The session sequences continue on, and how many sequences it has run.
      var chain: (session: SequenceRun<Self>.Session, sequences: Int)?
      for number in 1...sequences {
        var random = SeededRandomNumberGenerator(seed: seeds.next())
        let length = 1 + random.index(below: max(1, maxLength))
        var session: SequenceRun<Self>.Session
        var joined = 1
        let continues = opensInstancesSharingStorage && !runsOnStorageOfItsOwn(sequence: number)
        if continues, let (continued, count) = chain, allowsOpening(in: continued.state) {
          session = continued
          joined = count + 1
          try await run.reopen(beginning: number, in: &session)
        } else {
          session = try await run.start()
        }
        try await run.run(length, of: number, in: &session, from: &random)
        if continues { chain = (session, joined) }
        guard let failure = session.failure else { continue }
        let steps = session.steps.count
        let drawn = try await report(session, failure: failure, of: run) {
          FailureMessage.sequenceFailed(
            contractName, seed: seed, sequence: number, replay: SpecRun.replayHint(seed: seed),
            steps: steps, sequencesSinceNewStorage: joined)
        }
        store?.add(KeptSequence(seed: seed, drawn: drawn))
        return
      }
    }
  }

  /// Runs `steps` on new instances, as a failure of ``checkSequences(count:maxLength:)`` prints
  /// them, and records a failure at the first step whose outcome the model does not accept:
  /// paste a printed failure into a test, and it stays a test once fixed.
  ///
  /// ```swift
  /// @Test func removeAfterInsert_leavesNothing() async throws {
  ///   let model = ImageDataCacheModel(factory: MyCacheFactory())
  ///   try await model.replay([
  ///     .perform(.insert(payload: 1, url: 1), on: 1),
  ///     .perform(.remove(url: 1), on: 1),
  ///     .perform(.retrieve(url: 1), on: 1),
  ///   ])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - steps: The steps, each on an instance that exists by then.
  ///   - sourceLocation: Where a failure is recorded outside a spec; the caller's line by default.
  /// - Throws: What making or opening an instance throws.
  public func replay(
    _ steps: [ModelStep<Operation>], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let run = SequenceRun(model: self)
    var session = try await run.start()
    for (index, step) in steps.enumerated() {
      let number: Int
      switch step {
      case .perform(_, let instance), .open(let instance), .reopen(let instance):
        number = instance
      }
      guard session.instances.indices.contains(number - 1) else {
        throw UnknownInstance(step: index, number: number, instanceName: instanceName)
      }
      try await run.execute(step, in: &session)
      guard let failure = session.failure else { continue }
      let message = FailureMessage.replayedStepFailed(
        index, ModelCode.element(step), of: contractName, because: failure.message)
      if SpecExecution.current == nil {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      } else {
        SpecRun.recordFailure(message)
      }
      return
    }
  }

  /// Runs the sequences `store` kept from earlier runs, first to last, and reports the first that
  /// fails again with `report`; forgets them all when none does.
  ///
  /// - Returns: Whether a kept sequence failed again.
  func failsAgain(
    keptIn store: FailureStore?, of run: SequenceRun<Self>,
    reporting report: (
      SequenceRun<Self>.Session, StepFailure, () -> String
    ) async throws -> Void
  ) async throws -> Bool {
    guard let store else { return false }
    for kept in store.entries(of: KeptSequence.self) {
      let session = try await run.replay(kept.drawn)
      if let failure = session.failure {
        try await report(session, failure) {
          FailureMessage.keptSequenceFailed(
            contractName, seed: kept.seed, steps: session.steps.count)
        }
        return true
      }
    }
    store.removeAll()
    return false
  }

  /// Shrinks the failing `session` when it fails again on new instances, records one failure
  /// introduced by `introduction`, ending with the kept `file` it replayed, if any, and delivers
  /// the numbers that replay what it printed.
  @discardableResult
  private func report(
    _ session: SequenceRun<Self>.Session,
    failure: StepFailure,
    of run: SequenceRun<Self>, keptIn file: URL? = nil, introduction: () -> String
  ) async throws -> [DrawnStep] {
    let replayed = try await run.replay(session.drawnThroughFailure)
    guard replayed.failure != nil else {
      SpecRun.recordFailure(
        introduction() + FailureMessage.notShrunk(instanceName: instanceName)
          + ModelCode.replay(session.steps, failing: failure.step, because: failure.message)
          + (file.map(FailureMessage.keptIn) ?? ""),
        likelyCause: failure.likelyCause)
      return session.drawnThroughFailure
    }
    return try await shrink(
      replayed, from: session.steps.count, failing: failure, of: run, keptIn: file,
      introduction: introduction)
  }

  /// Shrinks `replayed`, a replay on new instances that failed, of a session of `original` steps
  /// that failed with `failure`; records one failure introduced by `introduction` with the
  /// shrunk steps, ending with the kept `file` it replayed, if any, and delivers their numbers.
  func shrink(
    _ replayed: SequenceRun<Self>.Session, from original: Int,
    failing failure: StepFailure, of run: SequenceRun<Self>,
    keptIn file: URL?, introduction: () -> String
  ) async throws -> [DrawnStep] {
    let shrunk = try await SequenceShrinker(run: run).shrink(replayed)
    let steps = shrunk.session.steps
    let shrunkFailure = shrunk.session.failure ?? failure
    SpecRun.recordFailure(
      introduction()
        + FailureMessage.shrunk(to: steps.count, from: original, instanceName: instanceName)
        + ModelCode.replay(steps, failing: shrunkFailure.step, because: shrunkFailure.message)
        + (file.map(FailureMessage.keptIn) ?? ""),
      likelyCause: shrunkFailure.likelyCause)
    return shrunk.drawn
  }
}

/// A failing sequence a check keeps for the next runs: the numbers its steps were drawn from,
/// shrunk.
struct KeptSequence: KeptFailure {
  let seed: UInt64
  let drawn: [DrawnStep]

  var isReplayable: Bool {
    drawn.count <= DrawnStep.maxSteps && drawn.allSatisfy(\.isReplayable)
  }
}

/// Thrown when a replayed step names an instance that does not exist by then.
struct UnknownInstance: Error, CustomStringConvertible {
  let step: Int
  let number: Int
  let instanceName: String

  var description: String {
    "step \(step + 1) uses \(instanceName) \(number), which no earlier step opened"
  }
}
