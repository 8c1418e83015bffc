import Testing

/// Every failure the engine itself reports, worded in one place: a reader finds here what a
/// failure says and why, and the tests that pin each text find its source.
///
/// Each text says what was expected and what happened instead, in a line or two.
enum FailureMessage {
  // MARK: The environment

  /// A run whose catalog's environment variables are set to something they cannot take.
  static func environment(of catalogName: String, _ problem: EnvironmentProblem) -> String {
    "\(catalogName) cannot run with this environment: \(problem)"
  }

  static func unknownProfile(_ value: String, variable: String) -> String {
    let names = SpecProfile.allCases.map(\.rawValue).joined(separator: " or ")
    return "\(variable)=\(value) names no profile: set it to \(names)"
  }

  static func invalidSeed(_ value: String, variable: String) -> String {
    "\(variable)=\(value) is not a seed: set it to the decimal number a failure reported, such as 42"
  }

  static func invalidSequences(_ value: String, variable: String) -> String {
    "\(variable)=\(value) is not a number of sequences: set it to a whole number above 0"
  }

  static func noTimeLeft(by limit: Duration) -> String {
    "An operation time limit of \(limit) leaves no time: give .operationTimeLimit a duration "
      + "above zero"
  }

  // MARK: Which specs run

  static func notApplicable(_ specID: String, to factory: String, because reason: String)
    -> String
  {
    "\(specID) does not apply to \(factory), so it was not run: \(reason)"
  }

  static func missingCapability(_ specID: String, needs protocolName: String, factory: String)
    -> String
  {
    "\(specID) needs a factory that conforms to \(protocolName), and \(factory) does not"
  }

  /// A known deviation that names no spec of the catalog, with the closest ids.
  static func unknownDeviation(_ specID: String, catalog: String, closest: [String]) -> String {
    let suggestion =
      closest.isEmpty
      ? "" : "; did you mean \(closest.map { "\"\($0)\"" }.joined(separator: ", or "))?"
    return "Known deviation \"\(specID)\" names no spec of \(catalog).catalog" + suggestion
  }

  /// A known deviation that names a spec of a capability the factory does not have.
  static func inapplicableDeviation(_ specID: String, factory: String, needs protocolName: String)
    -> String
  {
    "Known deviation \"\(specID)\" names a spec that does not apply to \(factory): it needs "
      + protocolName
  }

  // MARK: How a spec ended

  /// An error that escaped a spec's body, with the operation that threw it when it is known.
  static func escaped(_ error: any Error, from specID: String, operation: String?) -> String {
    let source = operation.map { "\($0) threw" } ?? "it threw"
    return "Expected \(specID) to run to its end, but \(source): \(error)"
  }

  /// A spec the watchdog gave up on.
  static func expired(_ expiry: Expiry, settings: SpecSettings) -> String {
    let origin =
      settings.isLimitPinned
      ? "the limit .operationTimeLimit sets" : "the \(settings.profile.rawValue) profile's limit"
    let limit = "\(settings.operationTimeLimit.readable) (\(origin))"
    switch expiry {
    case .operation(let name):
      return "Expected \(name) to return, but it did not return within \(limit): likely a "
        + "deadlock, a lock never released or a continuation never resumed; if it is only slow, "
        + "give it a longer .operationTimeLimit. The spec stopped waiting for it"
    case .noProgress(let last):
      return "Expected \(settings.specID) to make progress, but nothing it waits for started or "
        + "ended for \(limit)" + (last.map { ", after \($0)" } ?? "")
    case .noThread(let engineLimit):
      let wait = OperationWatch.longestWaitForAThread(limit: settings.operationTimeLimit)
      return noThread(settings.specID, engineLimit, waited: wait)
    }
  }

  /// The line a run prints for each fresh seed a spec's random work used.
  static func seedReport(_ seed: UInt64, of settings: SpecSettings) -> String {
    "\(settings.specID) ran random sequences from seed \(seed) (replay with "
      + "\(settings.replayVariables(seed: seed)))"
  }

  // MARK: Leaks

  /// Instances of one type, tracked at one place, still alive after their test case ended.
  static func leaked(_ typeName: String, count: Int) -> String {
    count == 1
      ? "\(typeName) should have been deallocated when the test ended: a reference cycle or an "
        + "unfinished task still holds it"
      : "\(count) instances of \(typeName) should have been deallocated when the test ended: a "
        + "reference cycle or an unfinished task still holds them"
  }

  /// A passing spec that never asked to track an instance while the test case tracks leaks.
  static func trackedNothing(_ specID: String) -> String {
    "The test tracks memory leaks, but \(specID) checked nothing for them: its catalog's specs "
      + "pass the implementations they make to trackForMemoryLeaks when SpecRun.tracksMemoryLeaks "
      + "is true"
  }

  static let trackingNeedsTheTrait =
    "trackForMemoryLeaks needs the .trackingMemoryLeaks trait on the test or its suite"

  // MARK: Mistakes in a test's setup

  static func repeatedInstance(operation: String, factory: String) -> String {
    (operation.hasPrefix(factory) ? operation : "\(factory): \(operation)")
      + " returned an instance it had returned before, still in use: each "
      + "call must make a new one over storage of its own, or the specs see each other's data. "
      + "Named once for the run; the cases after this one are cancelled"
  }

  /// A read of the temporary directory in a test without the trait, by a factory inside a spec
  /// or, with `factory` `nil`, by the test itself.
  static func missingTemporaryDirectory(factory: String?) -> String {
    "\(factory ?? "This test") reads TemporaryDirectory.current, but the test has no "
      + ".temporaryDirectory trait: add it to the @Test or its @Suite. Named once for the test; "
      + "its other cases are cancelled"
  }

  /// Why a test case is cancelled after a spec of the run named a mistake in its setup.
  static func stoppedAtNamedMistake(_ specID: String) -> String {
    "\(specID) stopped at a mistake in the test's setup that an earlier case named"
  }

  // MARK: Child processes

  static func notAFactory(_ factoryType: String, of catalog: String, specID: String) -> String {
    "\(factoryType) is not a factory of \(catalog): \(specID) cannot run on it"
  }

  static func childNotStarted(_ specID: String, because error: any Error) -> String {
    "Expected to start \(specID) in a child process, but preparing it failed: \(error)"
  }

  static let childPayloadUnreadable = "The child process could not read what its parent sent it"

  static func childFoundNoCatalog(named name: String) -> String {
    "The child process found no spec catalog named \(name)"
  }

  static func childFoundNoSpec(_ specID: String, in catalog: String) -> String {
    "The child process found no spec called \(specID) in \(catalog).catalog"
  }

  static func childCannotDecodeFactory(_ error: any Error) -> String {
    "Expected the child process to decode the factory, but it could not: \(error)"
  }

  // MARK: What a spec's body expects

  static func expectedSuccess(of action: String, threw error: any Error) -> String {
    "Expected \(action) to succeed, but it threw: \(error)"
  }

  static func expectedFailure(of action: String) -> String {
    "Expected \(action) to throw, but it succeeded"
  }

  // MARK: Model checks

  /// The first line of a random sequence's failure, before how it was shrunk.
  static func sequenceFailed(
    _ contractName: String, seed: UInt64, sequence: Int, replay: String, steps: Int,
    sequencesSinceNewStorage: Int
  ) -> String {
    "The model-based check found operations that break the \(contractName) contract. Seed "
      + "\(seed), sequence \(sequence) (replay with \(replay)); "
      + (sequencesSinceNewStorage == 1
        ? "\(steps) steps"
        : "\(steps) steps of the \(sequencesSinceNewStorage) sequences since the storage was new")
  }

  /// The first line of the failure of a sequence kept from an earlier run.
  static func keptSequenceFailed(_ contractName: String, seed: UInt64, steps: Int) -> String {
    "The model-based check found operations that break the \(contractName) contract again, as it "
      + "kept them from an earlier run (seed \(seed)); \(steps) steps"
  }

  /// How a failing sequence was shrunk, before its steps.
  static func shrunk(to steps: Int, from original: Int, instanceName: String) -> String {
    steps < original
      ? ", shrunk to \(steps) that fail on a new \(instanceName):\n"
      : ", which fail on a new \(instanceName), and no shorter sequence found does:\n"
  }

  /// Why a failing sequence was not shrunk, before its steps.
  static func notShrunk(instanceName: String) -> String {
    ", which did not fail again when replayed on a new \(instanceName), so they could not be "
      + "shrunk:\n"
  }

  /// A step of a replayed sequence whose outcome the model does not accept.
  static func replayedStepFailed(
    _ index: Int, _ step: String, of contractName: String, because message: String
  ) -> String {
    "Expected step \(index + 1) of the replayed \(contractName) sequence, \(step), to keep the "
      + "contract, but it did not: \(message)"
  }

  /// An output that differs from the model's, as a step's comment says it: what it delivered,
  /// when the difference would only repeat both outputs, else the difference.
  static func delivered(_ expected: String, _ actual: String, _ difference: String) -> String {
    difference == "\(expected) became \(actual)"
      ? "expected \(expected), but it delivered \(actual)"
      : "expected \(expected), but \(difference)"
  }

  static func deliveredInsteadOfThrowing(_ output: String) -> String {
    "expected it to throw, but it delivered \(output)"
  }

  static func threw(_ error: any Error, expected: String?) -> String {
    "expected \(expected ?? "nothing of it"), but it threw: \(error)"
  }

  static func openingThrew(_ error: any Error) -> String {
    "expected it to open an instance, but it threw: \(error)"
  }

  /// A round of concurrent calls that no order explains, with its history, one call a line.
  static func notLinearizable(
    tasks: Int, contractName: String, circumstances: String, history: [String], marksACall: Bool
  ) -> String {
    let callers = tasks == 1 ? "1 task" : "\(tasks) concurrent tasks"
    return "Expected the calls of \(callers) to take effect in some order that keeps when each "
      + "began and returned, as the \(contractName) contract allows, but no order does "
      + "\(circumstances); the smallest history found, "
      + (history.count == 1 ? "1 call" : "\(history.count) calls") + " on a logical clock"
      + (marksACall ? ", the call no order explains marked ✗:\n" : ":\n")
      + history.joined(separator: "\n")
  }

  /// What ends the line of the call no order explains: what the model would have it deliver
  /// after the calls that may come before it, in any order of theirs.
  static func impossibleCall(allowed: [String]) -> String {
    guard let last = allowed.last else {
      return "  ✗ the contract allows this call in no state the calls before it can leave"
    }
    let options =
      allowed.count == 1 ? last : allowed.dropLast().joined(separator: ", ") + " or " + last
    return "  ✗ in every order of the calls that began before it returned, it would "
      + (options == "throw" ? "throw" : "deliver \(options)")
  }

  /// A round whose search for an order ran past its budget.
  static func undecided(round: Int, seed: UInt64, calls: Int) -> String {
    "The linearizability check could not decide round \(round) of seed \(seed) within its "
      + "budget; its \(calls) calls were not judged"
  }

  // MARK: Likely causes

  /// The headline before the first failure of a likely cause on a factory type in a run.
  static func likelyCause(_ cause: String, catalog: String, factory: String) -> String {
    "Likely cause: \(cause), in \(typeName(factory)) (\(catalog)); the failures that show it "
      + "follow, and the run lists their specs when it ends"
  }

  /// A type's name without its module, as a person wrote it: `WholeSecondFactory`.
  private static func typeName(_ reflected: String) -> String {
    reflected.hasPrefix("(") ? reflected : String(reflected.split(separator: ".").last ?? "")
  }

  static let causeDigestTitle = "Likely causes of this run's failures:"

  /// A line of the digest a run prints when it ends: a cause and the specs that failed for it.
  static func causeDigestLine(_ cause: String, catalog: String, factory: String, specs: [String])
    -> String
  {
    let count = specs.count == 1 ? "1 spec" : "\(specs.count) specs"
    let shown = specs.prefix(3).joined(separator: ", ")
    let more = specs.count > 3 ? ", and \(specs.count - 3) more" : ""
    return "  \(typeName(factory)) (\(catalog)): \(cause) in \(count): \(shown)\(more)"
  }

  // MARK: A catalog's self-test

  static func passedBrokenImplementation(_ specID: String, _ name: String) -> String {
    "Expected \(specID) to fail on the implementation that \(name), but it passed"
  }

  static func errorEscaped(_ specID: String, _ issue: Issue) -> String {
    "Expected \(specID) to report what it found, but an error escaped it: \(issue)"
  }

  static func reportedElsewhere(_ specID: String, at location: SourceLocation?) -> String {
    "Expected \(specID) to report at its caller's line, but it reported at "
      + (location.map(String.init(describing:)) ?? "no line")
  }

  static func didNotRun(_ specID: String, on name: String, saying message: String) -> String {
    "Expected \(specID) to fail on the implementation that \(name) because of what it breaks, "
      + "but it failed only because it did not run on it: \(message)"
  }

  static func notCodable(_ name: String, _ specID: String) -> String {
    "Expected to run \(specID) on the implementation that \(name) in a child process, but its "
      + "factory is not Codable, so the child cannot make it"
  }

  static func noChildProcesses(_ name: String, _ specID: String) -> String {
    "Expected to run \(specID) on the implementation that \(name) in a child process, but this "
      + "platform has no exit tests"
  }

  static func unproven(_ specID: String) -> String {
    "Expected a broken implementation to prove \(specID), but none names it"
  }

  static func namesNoSpec(_ name: String) -> String {
    "Expected the implementation that \(name) to name the specs it breaks, but it names none"
  }

  static func unknownSpec(_ specID: String, namedBy name: String, catalog: String) -> String {
    "Expected \(specID), which the implementation that \(name) names, to be a spec of "
      + "\(catalog).catalog, but it is not"
  }
}

#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import Foundation

  extension FailureMessage {
    /// A child that ended without reporting that its spec finished.
    static func childDidNotFinish(_ specID: String, _ ending: ChildEnding, _ excerpt: String)
      -> String
    {
      "Expected \(specID) to finish in its child process, but \(account(of: ending)); \(excerpt)"
    }

    /// What happened, after "Expected SPEC to finish in its child process, but".
    static func account(of ending: ChildEnding) -> String {
      switch ending {
      case .ended(let intervention):
        let state =
          intervention.stopSignal.map {
            "it was stopped by signal \($0)\(signalName(of: $0).map { " (\($0))" } ?? "")"
          } ?? "it was still running, but its own watchdog could not run"
        return "the child showed no sign of life for \(intervention.limit.readable) (\(state)), "
          + "so it was ended, with every process it started"
      case .exited(0):
        return "the process exited with status 0 before the spec finished: something in it "
          + "called exit"
      case .exited(let status):
        return "the process exited with status \(status) before the spec finished"
      case .other(let description):
        return "the process ended (\(description)) before the spec finished"
      case .reportNotWritten(controlDirectoryExists: false):
        return "the child could not write its report: its control directory was removed while "
          + "the spec ran"
      case .reportNotWritten(controlDirectoryExists: true):
        return "the child could not write its report in its control directory"
      case .crashed(let signal):
        let name = signalName(of: signal).map { ", \($0)" } ?? ""
        let meaning = signalMeaning(of: signal).map { ": \($0)" } ?? ""
        return "the process crashed with signal \(signal)\(name)\(meaning)"
      }
    }

    /// The signal's name, such as `SIGSEGV`.
    static func signalName(of signal: Int32) -> String? {
      switch signal {
      case SIGILL: "SIGILL"
      case SIGTRAP: "SIGTRAP"
      case SIGABRT: "SIGABRT"
      case SIGBUS: "SIGBUS"
      case SIGFPE: "SIGFPE"
      case SIGKILL: "SIGKILL"
      case SIGSEGV: "SIGSEGV"
      case SIGPIPE: "SIGPIPE"
      case SIGTERM: "SIGTERM"
      case SIGSTOP: "SIGSTOP"
      case SIGTSTP: "SIGTSTP"
      case SIGTTIN: "SIGTTIN"
      case SIGTTOU: "SIGTTOU"
      case SIGXCPU: "SIGXCPU"
      case SIGSYS: "SIGSYS"
      default: nil
      }
    }

    /// What the signal usually means for a Swift process.
    static func signalMeaning(of signal: Int32) -> String? {
      switch signal {
      case SIGILL, SIGTRAP:
        "a Swift runtime trap, such as fatalError, a failed precondition or a force unwrap of nil"
      case SIGABRT:
        "abort(), such as a failed C assertion or an exception nothing caught"
      case SIGBUS, SIGSEGV:
        "a bad memory access, such as a use after free, an unsafe pointer or a stack overflow"
      case SIGFPE:
        "an arithmetic fault, such as an integer division by zero in C"
      case SIGKILL:
        "killed from outside, such as by the out-of-memory killer"
      case SIGPIPE:
        "a write to a pipe or socket that nobody reads"
      case SIGTERM:
        "asked to terminate from outside"
      case SIGXCPU:
        "it used more processor time than its limit"
      default:
        nil
      }
    }
  }
#endif
