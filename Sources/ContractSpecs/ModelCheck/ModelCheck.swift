/// The model-based checker: runs random sequences of a ``SequenceModel``'s steps against real
/// implementations, reduces the first that breaks the contract to the shortest sequence it finds
/// that still does, and records it as one failure of the running spec, with the seed that
/// replays it and the steps as code.
///
/// ```swift
/// ImageDataCacheSpec("model_randomOperationsMatchTheContract", .core, "…") { factory in
///   try await ModelCheck.run(ImageDataCacheModel(factory: factory), sequences: 20)
/// }
/// ```
///
/// Sequences come from ``SpecRun/randomSeeds``: the quick profile runs the same ones every time,
/// the thorough profile adds a fresh seed, and the catalog's seed variable replays one.
public enum ModelCheck {
  /// At most this many runs of reduced candidates per failure, to bound the time a failure takes.
  public static let reductionBudget = 500

  /// Runs `sequences` random sequences of `model` from each of the running spec's random seeds,
  /// recording one failure for the first sequence that breaks the contract.
  ///
  /// - Parameters:
  ///   - model: The contract's model, with what it needs to make implementations.
  ///   - sequences: How many sequences per seed the profile calls for; the catalog's sequences
  ///     variable overrides it.
  /// - Throws: What making an implementation throws.
  public static func run<Model: SequenceModel>(_ model: Model, sequences: Int) async throws {
    var model = model
    let count = SpecRun.sequences(default: sequences)
    for seed in SpecRun.randomSeeds {
      var seeds = SeededRandomNumberGenerator(seed: seed)
      for number in 1...count {
        var random = SeededRandomNumberGenerator(seed: seeds.next())
        let steps = model.steps(ofSequence: number, using: &random)
        if let failure = try await model.run(steps, onNewInstances: false) {
          try await report(
            steps, failing: failure, seed: seed, sequence: number, of: &model)
          return
        }
      }
    }
  }

  /// Records the failure as one issue, with the seed that replays the run and, when the failing
  /// steps fail on new instances too, the shortest sequence found that still does.
  private static func report<Model: SequenceModel>(
    _ steps: [Model.Step], failing failure: ModelFailure, seed: UInt64, sequence: Int,
    of model: inout Model
  ) async throws {
    let introduction =
      "The model-based spec found operations that break the \(model.contractName) contract. "
      + "Seed \(seed), sequence \(sequence) (replay with \(SpecRun.replayHint(seed: seed)))"
    let ending = model.codeNote.map { "\n\($0)" } ?? ""
    let failing = Array(steps.prefix(failure.step + 1))
    guard let alone = try await model.run(failing, onNewInstances: true) else {
      let reason =
        "they did not fail again when replayed on a new \(model.instanceName)"
        + (failure.circumstances.map { " (\($0))" } ?? "") + ", so they could not be reduced"
      SpecRun.recordFailure(
        "\(introduction); \(reason):\n" + model.code(of: failing, failure: failure) + ending)
      return
    }
    let (reduced, reducedFailure) = try await reduce(failing, failing: alone, of: &model)
    let summary =
      reduced.count < failing.count
      ? "\(steps.count) steps, shrunk to \(reduced.count) that fail on a new \(model.instanceName)"
      : "\(steps.count) steps; the \(reduced.count) up to the failure fail on a new "
        + "\(model.instanceName), and no shorter sequence found does"
    SpecRun.recordFailure(
      "\(introduction); \(summary):\n" + model.code(of: reduced, failure: reducedFailure) + ending)
  }

  /// The shortest sequence found that still fails on new instances, starting from `steps`,
  /// which do.
  ///
  /// It removes runs of steps, halving their length down to one, then tries the model's
  /// simplifications, until nothing more helps or the budget is spent; last, it tries the
  /// model's normal form.
  private static func reduce<Model: SequenceModel>(
    _ steps: [Model.Step], failing failure: ModelFailure, of model: inout Model
  ) async throws -> ([Model.Step], ModelFailure) {
    let original = steps
    var best = Array(steps.prefix(failure.step + 1))
    var bestFailure = failure
    var runs = 0
    func attempt(_ candidate: [Model.Step]) async throws -> Bool {
      guard runs < reductionBudget, candidate != best, model.isWellFormed(candidate) else {
        return false
      }
      runs += 1
      guard let failure = try await model.run(candidate, onNewInstances: true),
        model.keepsTheProblem(of: original, in: candidate, failure: failure)
      else { return false }
      best = Array(candidate.prefix(failure.step + 1))
      bestFailure = failure
      return true
    }
    var reducing = true
    while reducing {
      reducing = false
      var chunk = max(1, best.count / 2)
      while chunk >= 1 {
        var start = 0
        while start < best.count {
          let candidate = Array(best[..<start] + best[min(start + chunk, best.count)...])
          if try await attempt(candidate) {
            reducing = true
          } else {
            start += chunk
          }
        }
        chunk /= 2
      }
      for candidate in model.simplifications(of: best) {
        guard try await attempt(candidate) else { continue }
        reducing = true
        break
      }
    }
    _ = try await attempt(model.normalized(best))
    return (best, bestFailure)
  }
}
