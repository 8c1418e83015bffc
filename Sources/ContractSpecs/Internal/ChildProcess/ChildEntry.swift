#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import SharedSupport
  import Foundation
  import Testing

  /// The child process's side of a spec run in a process of its own.
  enum ChildEntry {
    /// Runs the spec the payload names and ends the process: with a report when the spec ran to
    /// its end or ran out of time, with whatever the implementation does otherwise.
    ///
    /// First of all it isolates itself (``ChildIsolation``), so that no process the
    /// implementation starts can outlive it; it leads a process group of its own; it sends its
    /// standard error to the control directory, beats its heart there while it lives,
    /// introduces itself to its parent (``ChildHandshake``), and never returns.
    static func run(_ payloadJSON: Data) async -> Never {
      ChildIsolation.begin()
      setpgid(0, 0)
      guard let payload = try? JSONDecoder().decode(ChildPayload.self, from: payloadJSON) else {
        FileHandle.standardError.write(Data("\(FailureMessage.childPayloadUnreadable)\n".utf8))
        _exit(70)
      }
      let control = ChildControlDirectory(path: payload.controlDirectory)
      if let cgroup = payload.cgroup {
        control.write(ChildCgroup.join(cgroup) ? "joined" : "failed", to: .cgroup)
      }
      let standardError = open(
        control.path(of: .standardError), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
      if standardError >= 0 {
        dup2(standardError, STDERR_FILENO)
        close(standardError)
      }
      let reporter = ChildReporter(control: control, nonce: payload.nonce)
      Heartbeat(control: control, period: payload.settings.operationTimeLimit / 4).start()
      ChildHandshake.introduce(to: control, nonce: payload.nonce)
      guard let catalog = _typeByName(payload.catalogType) as? any SpecCatalog.Type else {
        reporter.sink.record(
          FailureMessage.childFoundNoCatalog(named: payload.catalogType),
          at: payload.settings.caller)
        reporter.finish()
      }
      await reporter.collectingTestingIssues(at: payload.settings.caller) {
        await run(catalog, payload, reporter: reporter)
      }
    }

    /// Runs the payload's spec of `Catalog` through the same ``SpecExecution`` as `verify`, with
    /// the parent test case's directory and leak tracking, and reports how it ended.
    private static func run<Catalog: SpecCatalog>(
      _: Catalog.Type, _ payload: ChildPayload, reporter: ChildReporter
    ) async -> Never {
      let settings = payload.settings
      guard let spec = Spec<Catalog>.named(payload.specID) else {
        reporter.sink.record(
          FailureMessage.childFoundNoSpec(payload.specID, in: Catalog.name), at: settings.caller)
        reporter.finish()
      }
      let factory: Catalog.Factory
      do {
        factory = try decodeFactory(payload, as: Catalog.self)
      } catch {
        reporter.sink.record(FailureMessage.childCannotDecodeFactory(error), at: settings.caller)
        reporter.finish()
      }
      let execution = SpecExecution(settings: settings, sink: reporter.sink)
      let tracker = settings.tracksLeaks ? LeakTracker(sink: reporter.leakSink) : nil
      await TemporaryDirectory.$scoped.withValue(settings.temporaryDirectory) {
        await LeakTracker.$current.withValue(tracker) {
          let outcome = await execution.run(spec, on: factory) { expiry in
            // On the watchdog's thread: the child's own tasks may be stuck behind the hung one.
            execution.conclude(.abandoned(expiry), leaks: tracker)
            reporter.finish()
          }
          execution.conclude(outcome, leaks: tracker)
          await tracker?.reportSurvivors()
        }
      }
      reporter.finish()
    }

    /// The factory the payload carries, decoded as the type it names.
    private static func decodeFactory<Catalog: SpecCatalog>(
      _ payload: ChildPayload, as _: Catalog.Type
    ) throws -> Catalog.Factory {
      guard let type = _typeByName(payload.factoryType) as? any Decodable.Type else {
        throw UnknownFactoryType(name: payload.factoryType)
      }
      let decoded = try JSONDecoder().decode(type, from: payload.factory)
      guard let factory = decoded as? Catalog.Factory else {
        throw UnknownFactoryType(name: payload.factoryType)
      }
      return factory
    }

    /// Thrown when the child cannot find the factory's type, or it is not a factory of the
    /// catalog.
    struct UnknownFactoryType: Error, CustomStringConvertible {
      let name: String

      var description: String { "no Decodable factory type of the catalog is named \(name)" }
    }
  }

  /// Writes the child's report once and ends the child, from whichever thread gets there first:
  /// the spec's task when the spec ends, the watchdog's when it runs out of time.
  final class ChildReporter: Sendable {
    let sink = CollectingSink()
    /// Where the leak tracker reports, apart from the spec's own failures.
    let leakSink = CollectingSink()
    private let control: ChildControlDirectory
    private let nonce: String
    private let isFinishing = Locked(false)

    init(control: ChildControlDirectory, nonce: String) {
      self.control = control
      self.nonce = nonce
    }

    /// Runs `body`, the spec, keeping what it records through Swift Testing for the report.
    ///
    /// Swift Testing would send it to the parent through the back channel, which the child has
    /// pointed at `/dev/null` (``ChildIsolation``): the known-issue scope sees every failure
    /// recorded in the spec's tasks, such as an `#expect` of the factory's or
    /// `trackForMemoryLeaks` without its trait, and the report carries each one to the parent,
    /// which records it at its own line. A warning, an attachment or a cancellation recorded
    /// through Swift Testing in the child is not carried.
    ///
    /// - Parameters:
    ///   - caller: Where a failure without a location of its own is recorded.
    ///   - body: The spec's run, which ends the child.
    func collectingTestingIssues(at caller: SourceLocation, _ body: () async -> Never) async
      -> Never
    {
      await withKnownIssue(isIntermittent: true) {
        await body()
      } matching: { [sink] issue in
        if issue.isFailure {
          let comments = issue.comments.map(\.rawValue)
          sink.record(
            comments.isEmpty ? String(describing: issue.kind) : comments.joined(separator: "; "),
            at: issue.sourceLocation ?? caller)
        }
        return true
      }
      finish()
    }

    /// Writes the report, then ends the child with every process it started: with status 0, or,
    /// when the report cannot be written, with ``ChildEnding/reportNotWrittenStatus`` after
    /// saying why on standard error.
    func finish() -> Never {
      let isFirst = isFinishing.withLock { isFinishing in
        defer { isFinishing = true }
        return !isFinishing
      }
      guard isFirst else {
        while true { pause() }
      }
      let collected = sink.current
      let report = ChildReport(
        nonce: nonce, issues: collected.issues, leaks: leakSink.current.issues,
        attachments: collected.attachments, freshSeeds: collected.freshSeeds)
      var status: Int32 = 0
      do {
        try control.write(Array(try JSONEncoder().encode(report)), to: .report)
      } catch {
        status = ChildEnding.reportNotWrittenStatus
        FileHandle.standardError.write(
          Data("The child process could not write its report: \(Self.reason(for: error))\n".utf8))
      }
      fflush(nil)
      ChildIsolation.end(status: status)
    }

    /// What went wrong, as the system says it.
    private static func reason(for error: any Error) -> String {
      guard let error = error as? POSIXError else { return String(describing: error) }
      return String(cString: strerror(error.code.rawValue))
    }
  }

  /// Increments the heartbeat file on the watchdog's thread while the child lives, so that its
  /// parent can tell a child that works from one that is stopped or stuck.
  private struct Heartbeat: Sendable {
    let control: ChildControlDirectory
    let period: Duration

    func start(beat: Int = 1) {
      control.write("\(beat)", to: .heartbeat)
      Watchdog.run(after: max(period, .milliseconds(1))) { start(beat: beat + 1) }
    }
  }
#endif
