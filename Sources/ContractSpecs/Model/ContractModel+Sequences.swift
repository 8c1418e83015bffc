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
  /// remains, each candidate on new instances, within a budget of 500 runs.
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
    let store = FailureStore<KeptSequence>(check: "sequences")
    if let store {
      for kept in store.entries {
        let result = try await run.replay(kept.drawn)
        if let failure = result.failure {
          try await report(result, failure: failure, original: result.steps.count, of: run) {
            "The model-based check found operations that break the \(contractName) contract "
              + "again, as it kept them from an earlier run (seed \(kept.seed))"
          }
          return
        }
      }
      store.removeAll()
    }
    let sequences = SpecRun.sequences(default: count)
    for seed in SpecRun.randomSeeds {
      var seeds = SeededRandomNumberGenerator(seed: seed)
      for number in 1...sequences {
        var random = SeededRandomNumberGenerator(seed: seeds.next())
        let length = 1 + random.index(below: max(1, maxLength))
        let result = try await run.run(length: length, from: &random)
        guard let failure = result.failure else { continue }
        let drawn = try await report(result, failure: failure, original: length, of: run) {
          "The model-based check found operations that break the \(contractName) contract. "
            + "Seed \(seed), sequence \(number) (replay with \(SpecRun.replayHint(seed: seed)))"
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
    var state = opened(1, in: initialState)
    var instances = [try await makeInstance()]
    let run = SequenceRun(model: self)
    for (index, step) in steps.enumerated() {
      switch step {
      case .perform(let operation, let number):
        guard instances.indices.contains(number - 1) else {
          throw UnknownInstance(step: index, number: number, instanceName: instanceName)
        }
        let outcome: Result<Output, any Error>
        do {
          outcome = .success(
            try await SpecRun.perform(ModelCode.call(operation, on: number, of: self)) {
              try await perform(operation, on: instances[number - 1])
            })
        } catch is SpecAbandoned {
          throw SpecAbandoned()
        } catch {
          outcome = .failure(error)
        }
        switch run.check(outcome, against: expectation(of: operation, on: number, in: state)) {
        case .success(let next):
          state = next
        case .failure(let mismatch):
          let message =
            "Expected step \(index + 1) of the replayed \(contractName) sequence, "
            + "\(ModelCode.element(step)), to keep the contract, but it did not: \(mismatch.message)"
          if SpecExecution.current == nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
          } else {
            SpecRun.recordFailure(message)
          }
          return
        }
      case .open(let number), .reopen(let number):
        guard instances.indices.contains(number - 1) else {
          throw UnknownInstance(step: index, number: number, instanceName: instanceName)
        }
        let opened = try await openInstance(sharingStorageWith: instances[number - 1])
        if case .open = step {
          instances.append(opened)
          state = self.opened(instances.count, in: state)
        } else {
          instances[number - 1] = opened
          state = self.opened(number, in: state)
        }
      }
    }
  }

  /// Shrinks the failing `result` when it fails again on new instances, records one failure
  /// introduced by `introduction`, and delivers the numbers that replay what it printed.
  @discardableResult
  private func report(
    _ result: SequenceRun<Self>.Result, failure: (step: Int, message: String), original: Int,
    of run: SequenceRun<Self>, introduction: () -> String
  ) async throws -> [[Int]] {
    let failing = result.drawnThroughFailure
    let replayed = try await run.replay(failing)
    guard let replayedFailure = replayed.failure else {
      SpecRun.recordFailure(
        introduction() + "; \(original) steps, which did not fail again when replayed on a new "
          + "\(instanceName), so they could not be shrunk:\n"
          + ModelCode.replay(result.steps, failing: failure.step, because: failure.message))
      return result.drawn
    }
    let shrunk = try await SequenceShrinker(run: run).shrink(failing, failing: replayed)
    let shrunkFailure = shrunk.result.failure ?? replayedFailure
    SpecRun.recordFailure(
      introduction() + "; \(original) steps, shrunk to \(shrunk.result.steps.count) that fail on a "
        + "new \(instanceName):\n"
        + ModelCode.replay(
          shrunk.result.steps, failing: shrunkFailure.step, because: shrunkFailure.message))
    return shrunk.drawn
  }
}

/// A failing sequence a check keeps for the next runs: the numbers its steps were drawn from,
/// shrunk.
struct KeptSequence: Codable, Sendable {
  let seed: UInt64
  let drawn: [[Int]]
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
