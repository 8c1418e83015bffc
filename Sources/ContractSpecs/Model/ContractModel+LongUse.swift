import Foundation

extension ContractModel {
  /// Runs one instance through `operations` random steps from each of the running spec's seeds,
  /// each checked against the model, and records one failure for the first step that breaks the
  /// contract: the check for what goes wrong only after long use, such as a write dropped every
  /// hundredth call or a file descriptor leaked per call.
  ///
  /// The steps are drawn as ``checkSequences(count:maxLength:)`` draws them, from the model's
  /// state; for a model whose instances share storage, they also open instances over the one
  /// storage and reopen them, as an app's launches do, so the storage lives through every step.
  ///
  /// A failure is shrunk as a sequence's is when the last steps before it fail alone on a new
  /// instance. When they do not, the failure needs the long use before it: the check drops as
  /// many of the first steps as it can, says from which operation on the rest are needed, and
  /// prints the last steps with the seed that replays them all. What fails is kept
  /// (``Testing/Trait/failureDirectory(_:)``) and run first next time, until it passes.
  ///
  /// ```swift
  /// ImageDataCacheSpec("model_longUseMatchesTheContract", core, "…") { factory in
  ///   try await ImageDataCacheModel(factory: factory).checkLongUse(operations: 10_000)
  /// }
  /// ```
  ///
  /// In a child process (``Spec/verifyInChildProcess(_:knownDeviations:sourceLocation:)``), the
  /// check runs under Linux's default limit of 1,024 open descriptors, whatever limit the machine
  /// sets, so a descriptor leaked per call runs out as it would in an app.
  ///
  /// - Parameter operations: How many steps one instance, and its storage, runs per seed.
  /// - Throws: What making an instance throws; the spec then fails with it.
  public func checkLongUse(operations: Int) async throws {
    let run = SequenceRun(model: self)
    let store = FailureStore(check: "long-use")
    let failedAgain = try await failsAgain(keptIn: store, of: run) {
      try await reportLongUse(
        LongUse.Failed(of: $0, failure: $1), of: run, keptIn: store?.file, introduction: $2)
    }
    guard !failedAgain else { return }
    try await DescriptorLimit.lowered {
      for seed in SpecRun.randomSeeds {
        guard let failed = try await longUse(operations: operations, from: seed, of: run) else {
          continue
        }
        let drawn = try await reportLongUse(failed, of: run) {
          FailureMessage.longUseFailed(
            contractName, instanceName: instanceName, seed: seed,
            replay: SpecRun.replayHint(seed: seed), operation: failed.failure.step + 1)
        }
        store?.add(KeptSequence(seed: seed, drawn: drawn))
        return
      }
    }
  }

  /// Runs one instance, and those opened over its storage, through `operations` steps drawn from
  /// `seed`, and delivers how it failed, or `nil`; the instances are gone when it returns, so
  /// shrinking starts from a process that holds nothing of theirs.
  private func longUse(operations: Int, from seed: UInt64, of run: SequenceRun<Self>)
    async throws -> LongUse.Failed<Operation>?
  {
    var random = SeededRandomNumberGenerator(seed: seed)
    var session = try await run.start()
    while session.steps.count < operations, session.failure == nil {
      try await run.run(1, of: 1, in: &session, from: &random)
    }
    guard let failure = session.failure else { return nil }
    return LongUse.Failed(of: session, failure: failure)
  }

  /// Shrinks the failing long use `failed` and records one failure introduced by
  /// `introduction`, ending with the kept `file` it replayed, if any.
  ///
  /// It shrinks to a short sequence when the last steps fail alone on a new instance, else to
  /// the shortest end of the use that still fails; it delivers the numbers that replay what it
  /// printed.
  @discardableResult
  private func reportLongUse(
    _ failed: LongUse.Failed<Operation>, of run: SequenceRun<Self>, keptIn file: URL? = nil,
    introduction: () -> String
  ) async throws -> [DrawnStep] {
    let source = file.map(FailureMessage.keptIn) ?? ""
    let (drawn, failure) = (failed.drawn, failed.failure)
    let window = Array(drawn.suffix(LongUse.window))
    let windowed = try await run.replay(window)
    if windowed.failure != nil {
      return try await shrink(
        windowed, from: failed.steps.count, failing: failure, of: run, keptIn: file,
        introduction: introduction)
    }
    // The last steps alone pass: find the latest start from which the steps still fail.
    var (failing, passing) = (0, drawn.count - window.count)
    var needed = try await run.replay(drawn)
    guard needed.failure != nil else {
      SpecRun.recordFailure(
        introduction() + FailureMessage.notShrunk(instanceName: instanceName)
          + LongUse.lastSteps(of: failed.steps, failing: failure) + source,
        likelyCause: failure.likelyCause)
      return drawn
    }
    while passing - failing > 1 {
      let middle = (failing + passing) / 2
      let candidate = try await run.replay(Array(drawn[middle...]))
      if candidate.failure != nil {
        (failing, needed) = (middle, candidate)
      } else {
        passing = middle
      }
    }
    let neededFailure = needed.failure ?? failure
    SpecRun.recordFailure(
      introduction()
        + FailureMessage.longUseNeedsItsPrefix(
          from: failure.step - neededFailure.step + 1, steps: neededFailure.step + 1,
          instanceName: instanceName)
        + LongUse.lastSteps(of: needed.steps, failing: neededFailure) + source,
      likelyCause: neededFailure.likelyCause)
    return Array(drawn[failing...])
  }
}

/// The sizes of the long-use check's shrinking, and how it prints a long failure.
enum LongUse {
  /// The steps before a failure that are first tried alone on a new instance.
  static var window: Int { 32 }

  /// The steps of `session` a long failure prints: the last ones, up to the failing one.
  static var printedSteps: Int { 12 }

  /// How a long use failed: its steps, the numbers they were drawn from, and its failure,
  /// without its instances.
  struct Failed<Operation: Hashable & Sendable> {
    let steps: [ModelStep<Operation>]
    let drawn: [DrawnStep]
    let failure: StepFailure

    init<Model: ContractModel>(
      of session: SequenceRun<Model>.Session, failure: StepFailure
    ) where Model.Operation == Operation {
      steps = session.steps
      drawn = session.drawnThroughFailure
      self.failure = failure
    }
  }

  /// The last of `steps` up to `failure`, one a line as `replay` takes them, after a line that
  /// counts those before; the failing one commented with what it did instead.
  static func lastSteps<Operation>(
    of steps: [ModelStep<Operation>], failing failure: StepFailure
  ) -> String {
    let end = failure.step + 1
    let start = max(0, end - printedSteps)
    let because = failure.message.split(whereSeparator: \.isNewline).joined(separator: " ")
    let lines = steps[start..<end].map { "    \(ModelCode.element($0))," }
    return
      (["    // \(FailureMessage.grouped(start)) operations before these"] + lines.dropLast()
      + [lines[lines.count - 1] + "  // ✗ \(because)"]).joined(separator: "\n")
  }
}
