import Foundation
import Testing

extension ContractModel {
  /// Calls new instances from several tasks at once, round after round, and records one failure
  /// for the first round whose calls no order can explain: an order that keeps real time (a call
  /// that returned before another began comes first) and whose outcomes the model accepts, one
  /// call after another.
  ///
  /// Each round makes an instance (and, for a model whose instances share storage, opens a second
  /// one, the tasks taking them in turn), draws `operationsPerTask` operations for each of `tasks`
  /// tasks from the state of new storage, starts the tasks together, each job of theirs on a
  /// thread Dispatch starts at once for it (so the calls run in parallel, preempted anywhere,
  /// whatever else the run does), and records each call's start and end on one logical clock, and
  /// its outcome. The search for an order is Wing and Gong's, with the (calls linearized, state)
  /// pairs already tried remembered, as Porcupine and Knossos do it. The sets of calls it can have
  /// linearized grow as the number of calls per task to the power of the tasks: keep to four or
  /// five tasks, and run more rounds rather than more tasks; with four tasks of five calls, each
  /// round's search takes microseconds. A round whose search runs past its budget of 200,000
  /// steps is reported as a warning, not a verdict.
  ///
  /// A failure shows the smallest history it found that no order explains, each call with its
  /// task, start, end and outcome, and marks with ✗ the first call that no order of the calls
  /// before it can explain, with what the model would have it deliver there: it removes calls and tasks and runs the smaller round again, up
  /// to five times each and fifty rounds in all, keeping what still fails.
  ///
  /// What it cannot see: a race whose calls never overlap in this run's threads. It catches a
  /// lost update or a torn write only when the calls happen to interleave badly, which more
  /// rounds, more tasks and the thread sanitizer make likelier; a correct implementation passes
  /// every run.
  ///
  /// ```swift
  /// ImageDataCacheSpec("concurrency_concurrentCallsAreLinearizable", core, "…") { factory in
  ///   try await ImageDataCacheModel(factory: factory)
  ///     .checkLinearizability(tasks: 4, operationsPerTask: 5, rounds: 10)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - tasks: How many tasks call at once.
  ///   - operationsPerTask: How many calls each task makes, one after another.
  ///   - rounds: How many rounds to run per seed of the running spec.
  /// - Throws: What making or opening an instance throws; the spec then fails with it.
  public func checkLinearizability(tasks: Int, operationsPerTask: Int, rounds: Int) async throws {
    let round = ConcurrentRound(model: self)
    let state = round.startState(instances: round.instanceCount(tasks: tasks))
    let store = FailureStore(check: "linearizability")
    if let store {
      for kept in store.entries(of: KeptProgram.self) {
        let calls = try await round.run(kept.program)
        if Linearization(model: self, calls: calls).verdict(from: state) == .notLinearizable {
          try await report(
            calls, program: kept.program, of: round, state: state, keptIn: store.file
          ) {
            "again, as it kept them from an earlier run (seed \(kept.seed))"
          }
          return
        }
      }
      store.removeAll()
    }
    for seed in SpecRun.randomSeeds {
      var random = SeededRandomNumberGenerator(seed: seed)
      for number in 1...max(1, rounds) {
        let program = round.program(
          tasks: max(1, tasks), operations: max(1, operationsPerTask), round: number,
          from: &random)
        let calls = try await round.run(program)
        switch Linearization(model: self, calls: calls).verdict(from: state) {
        case .linearizable:
          continue
        case .undecided:
          SpecRun.warn(FailureMessage.undecided(round: number, seed: seed, calls: calls.count))
        case .notLinearizable:
          let shrunk = try await report(calls, program: program, of: round, state: state) {
            "(seed \(seed), round \(number); replay with \(SpecRun.replayHint(seed: seed)))"
          }
          store?.add(KeptProgram(seed: seed, program: shrunk))
          return
        }
      }
    }
  }

  /// Shrinks the program of a round whose `calls` no order explains, records one failure, and
  /// delivers the program that replays the history it printed.
  @discardableResult
  private func report(
    _ calls: [ConcurrentRound<Self>.Call], program: ConcurrentRound<Self>.Program,
    of round: ConcurrentRound<Self>, state: State, keptIn file: URL? = nil,
    circumstances: () -> String
  ) async throws -> ConcurrentRound<Self>.Program {
    var best = (program: program, calls: calls)
    var runs = 0
    var isShrinking = true
    func reproduces(_ candidate: ConcurrentRound<Self>.Program) async throws -> Bool {
      for _ in 0..<5 where runs < 50 {
        runs += 1
        let calls = try await round.run(candidate)
        if Linearization(model: self, calls: calls).verdict(from: state) == .notLinearizable {
          best = (candidate, calls)
          return true
        }
      }
      return false
    }
    while isShrinking, runs < 50 {
      isShrinking = false
      for task in best.program.indices.reversed() where best.program.count > 1 {
        var candidate = best.program
        candidate.remove(at: task)
        if try await reproduces(candidate) { isShrinking = true }
      }
      for task in best.program.indices {
        for call in best.program[task].indices.reversed() where best.program[task].count > 1 {
          guard task < best.program.count, call < best.program[task].count else { continue }
          var candidate = best.program
          candidate[task].remove(at: call)
          if try await reproduces(candidate) { isShrinking = true }
        }
      }
    }
    let order = best.calls.indices.sorted { best.calls[$0].begin < best.calls[$1].begin }
    let ticks = Dictionary(
      uniqueKeysWithValues: best.calls.flatMap { [$0.begin, $0.end] }.sorted().enumerated().map {
        ($1, $0 + 1)
      })
    let impossible = ImpossibleCall(model: self, calls: best.calls).find(from: state)
    let lines = order.map { index in
      let call = best.calls[index]
      let outcome =
        switch call.outcome {
        case .success(let output): "delivered \(ModelCode.describe(output))"
        case .failure(let error): "threw \(error)"
        }
      let mark = impossible.flatMap { $0.call == index ? $0.allowed : nil }
      return "  task \(call.task): \(ModelCode.call(call.operation, on: call.instance, of: self)),"
        + " from \(ticks[call.begin] ?? 0) to \(ticks[call.end] ?? 0), \(outcome)"
        + (mark.map(FailureMessage.impossibleCall(allowed:)) ?? "")
    }
    SpecRun.recordFailure(
      FailureMessage.notLinearizable(
        tasks: best.program.count, contractName: contractName, circumstances: circumstances(),
        history: lines, marksACall: impossible != nil) + (file.map(FailureMessage.keptIn) ?? ""),
      likelyCause: impossible?.likelyCause)
    return best.program
  }
}

/// A round's program a check keeps for the next runs.
struct KeptProgram: KeptFailure {
  let seed: UInt64
  let program: [[DrawnStep]]

  /// The most tasks a kept round may have.
  static var maxTasks: Int { 64 }

  var isReplayable: Bool {
    (1...Self.maxTasks).contains(program.count)
      && program.allSatisfy { task in
        (1...DrawnStep.maxSteps).contains(task.count) && task.allSatisfy(\.isReplayable)
      }
  }
}
