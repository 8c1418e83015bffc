import SharedSupport
import Testing

/// One execution of one spec on one factory: the single path both forms take, in the test's own
/// process and in a child process.
///
/// It checks that the spec applies to the factory, runs the body the spec's author wrote in a
/// task of its own, bounded by an ``OperationWatch``, and concludes: an operation that ran out
/// of time is one failure, the fresh seeds are reported, and leaks are excused when the spec was
/// abandoned. What the spec records goes to the execution's ``IssueSink``: Swift Testing in
/// process, a report the parent replays in a child process.
///
/// It is also what a spec's body reads through ``SpecRun``, as ``current``: so that helpers deep in
/// a spec report at the caller's line and register what they wait for without taking parameters.
final class SpecExecution: Sendable {
  /// The execution this task belongs to.
  @TaskLocal static var current: SpecExecution?

  let settings: SpecSettings
  let watch: OperationWatch
  private let sink: any IssueSink
  private let state = Locked(State())

  /// What the spec's body did that the conclusion depends on.
  private struct State: Sendable {
    var usesSeeds = false
    var hasFailed = false
    /// Whether the spec stopped at a mistake in the test's setup that an earlier spec named.
    var stoppedAtNamedMistake = false
    /// How often the test case's leak tracker had been consulted when the body started.
    var consultationsAtStart: Int?
  }

  /// Whether the spec runs in a child process of its own, the only place that collects what it
  /// records for a report: there the spec may change what belongs to the whole process.
  var runsInAChildProcess: Bool { sink is CollectingSink }

  init(settings: SpecSettings, sink: any IssueSink) {
    self.settings = settings
    self.sink = sink
    watch = OperationWatch(limit: settings.operationTimeLimit)
  }

  /// How an execution ended.
  enum Outcome: Sendable, Equatable {
    /// The body returned or threw, or the spec did not apply.
    case finished
    /// The watchdog gave up on the body, which is left where it hangs.
    case abandoned(Expiry)
  }

  // MARK: Running

  /// Runs `spec` on `factory` until its body ends or the watchdog gives up on it.
  ///
  /// The body runs in a new task that inherits the caller's task-local values (the running test,
  /// its traits), on threads of its own (``SpecExecutor``) where the platform has task executors.
  /// When the watchdog gives up, the body's task is left where it hangs: nothing can make a
  /// blocked operation return.
  ///
  /// - Parameters:
  ///   - spec: The spec to run.
  ///   - factory: Makes the implementations to check.
  ///   - whenAbandoned: What the watchdog does, on its own thread, once it gives up, before this
  ///     function returns; a child process concludes and ends there, since its own tasks may be
  ///     stuck behind the hung one.
  /// - Returns: How the execution ended.
  func run<Catalog: SpecCatalog>(
    _ spec: Spec<Catalog>, on factory: Catalog.Factory,
    whenAbandoned: @escaping @Sendable (Expiry) -> Void = { _ in }
  ) async -> Outcome {
    state.withLock { $0.consultationsAtStart = LeakTracker.current?.consultations }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
      let resume = ResumeOnce(continuation)
      watch.start { expiry in
        whenAbandoned(expiry)
        resume(with: .abandoned(expiry))
      }
      let body: @Sendable () async -> Void = {
        await SpecExecution.$current.withValue(self) {
          await self.runBody(of: spec, on: factory)
        }
        self.watch.finish()
        resume(with: .finished)
      }
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        Task(executorPreference: SpecExecutor(watch: watch), operation: body)
      } else {
        Task(operation: body)
      }
    }
  }

  /// Runs the body `spec`'s author wrote, after checking that it applies to `factory`; an error
  /// that escapes it is one failure naming the operation it came from.
  private func runBody<Catalog: SpecCatalog>(
    of spec: Spec<Catalog>, on factory: Catalog.Factory
  ) async {
    let typeName = String(describing: type(of: factory as Any))
    if let factoryType = Catalog.factoryType(of: factory),
      let reason = spec.notApplicableReason(factoryType)
    {
      recordNotRun(FailureMessage.notApplicable(spec.id, to: typeName, because: reason))
      return
    }
    do {
      guard try await spec.body.run(on: factory) else {
        recordNotRun(
          FailureMessage.missingCapability(
            spec.id, needs: spec.capability.protocolName, factory: typeName))
        return
      }
    } catch is SpecAbandoned {
      return
    } catch let repeated as RepeatedInstance {
      recordMistake(
        FailureMessage.repeatedInstance(operation: repeated.operation, factory: typeName),
        key: "repeated instance|\(settings.factoryName)")
    } catch is MissingTemporaryDirectory {
      recordMistake(
        FailureMessage.missingTemporaryDirectory(factory: typeName),
        key: MissingTemporaryDirectory.mistakeKey)
    } catch {
      record(
        FailureMessage.escaped(error, from: spec.id, operation: watch.operation(thatThrew: error)))
    }
  }

  /// Records how the execution ended: a failure for an abandoned spec, whose leaks it excuses,
  /// the fresh seeds of a spec that used its seeds, and a warning when the test case tracks
  /// leaks but a passing spec that waited for operations never asked to track what it made, so
  /// that the trait never checks nothing unnoticed.
  ///
  /// - Parameters:
  ///   - outcome: How the execution ended.
  ///   - leaks: The running test case's leak tracker, if it tracks leaks.
  func conclude(_ outcome: Outcome, leaks: LeakTracker?) {
    let state = state.current
    if let limit = watch.engineLimit {
      warnOncePerRun(FailureMessage.outOfThreads(limit))
    }
    if case .abandoned(let expiry) = outcome {
      sink.record(FailureMessage.expired(expiry, settings: settings), at: settings.caller)
      leaks?.excuseSurvivors()
      return
    }
    if state.usesSeeds {
      sink.reportFreshSeeds(settings.freshSeeds, of: settings)
    }
    if let leaks, !state.hasFailed, watch.hasBegunAnOperation,
      leaks.consultations == state.consultationsAtStart
    {
      sink.warn(FailureMessage.trackedNothing(settings.specID), at: settings.caller)
    }
  }

  // MARK: What a spec's body calls

  /// Records a failure of the spec at the caller's line, unless the spec has been abandoned: a
  /// run that outlives its time limit must not add failures to a test that has moved on.
  func record(_ message: String, likelyCause: String? = nil) {
    guard !watch.isAbandoned else { return }
    state.withLock { $0.hasFailed = true }
    if let likelyCause {
      sink.record(message, at: settings.caller, likelyCause: likelyCause, of: settings)
    } else {
      sink.record(message, at: settings.caller)
    }
  }

  /// Records at the caller's line that the spec did not run on the implementation.
  private func recordNotRun(_ message: String) {
    state.withLock { $0.hasFailed = true }
    sink.recordNotRun(message, at: settings.caller)
  }

  /// Records a mistake in the test's setup at the caller's line, unless an earlier spec of the
  /// run named it; the spec then stops without a message.
  private func recordMistake(_ message: String, key: String) {
    guard !watch.isAbandoned else { return }
    let isNamed = sink.recordMistake(message, key: key, at: settings.caller)
    state.withLock {
      $0.hasFailed = true
      $0.stoppedAtNamedMistake = !isNamed
    }
  }

  /// Whether the spec stopped at a mistake an earlier spec of the run named, so that its test
  /// case is cancelled rather than shown as passed.
  var stoppedAtNamedMistake: Bool { state.current.stoppedAtNamedMistake }

  /// Records a warning at the caller's line, an issue that does not fail the test, unless the
  /// spec has been abandoned.
  func warn(_ message: String) {
    guard !watch.isAbandoned else { return }
    sink.warn(message, at: settings.caller)
  }

  /// Records a warning at the caller's line, even once the spec has been abandoned, unless this
  /// process has recorded the same already: for what the engine says of itself once per run.
  func warnOncePerRun(_ message: String) {
    Self.warnOncePerRun(message, to: sink, at: settings.caller)
  }

  /// Records a warning in `sink` at `location` unless this process has recorded the same already.
  static func warnOncePerRun(_ message: String, to sink: any IssueSink, at location: SourceLocation)
  {
    guard warningsGiven.withLock({ $0.insert(message).inserted }) else { return }
    sink.warn(message, at: location)
  }

  /// The warnings ``warnOncePerRun(_:to:at:)`` has recorded in this process.
  private static let warningsGiven = Locked(Set<String>())

  /// Attaches `bytes` at the caller's line, unless the spec has been abandoned.
  func attach(_ bytes: [UInt8], named name: String) {
    guard !watch.isAbandoned else { return }
    sink.attach(bytes, named: name, at: settings.caller)
  }

  /// The seeds of the spec's random work, noting that the spec used them, so that the fresh ones
  /// are reported.
  func seedsForRandomWork() -> [UInt64] {
    state.withLock { $0.usesSeeds = true }
    return settings.seeds
  }
}

/// Resumes a continuation with the first value it is given, ignoring the rest: the body's end
/// and the watchdog race to resume one wait.
private final class ResumeOnce: Sendable {
  private let continuation: Locked<CheckedContinuation<SpecExecution.Outcome, Never>?>

  init(_ continuation: CheckedContinuation<SpecExecution.Outcome, Never>) {
    self.continuation = Locked(continuation)
  }

  func callAsFunction(with value: SpecExecution.Outcome) {
    let first = continuation.withLock { continuation in
      defer { continuation = nil }
      return continuation
    }
    first?.resume(returning: value)
  }
}
