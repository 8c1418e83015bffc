#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import SharedSupport
  import Foundation

  /// The child process's side of a spec run in a process of its own.
  enum ChildEntry {
    /// Runs the spec the payload names and ends the process: with a report when the spec ran to
    /// its end or ran out of time, with whatever the implementation does otherwise.
    ///
    /// The child leads a process group of its own, so that its parent can end it together with
    /// any process it starts; it sends its standard error to the control directory, beats its
    /// heart there while it lives, and never returns.
    static func run(_ payloadJSON: Data) async -> Never {
      setpgid(0, 0)
      guard let payload = try? JSONDecoder().decode(ChildPayload.self, from: payloadJSON) else {
        FileHandle.standardError.write(
          Data("The child process could not read what its parent sent it\n".utf8))
        _exit(70)
      }
      let control = ChildControlDirectory(path: payload.controlDirectory)
      let standardError = open(
        control.path(of: .standardError), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
      if standardError >= 0 {
        dup2(standardError, STDERR_FILENO)
        close(standardError)
      }
      control.write("\(getpid())", to: .processID)
      let reporter = ChildReporter(control: control, nonce: payload.nonce)
      Heartbeat(control: control, period: payload.configuration.operationTimeLimit / 4).start()
      guard let catalog = _typeByName(payload.catalogType) as? any SpecCatalog.Type else {
        reporter.sink.record(
          "The child process found no spec catalog named \(payload.catalogType)",
          at: payload.configuration.caller)
        reporter.finish()
      }
      await run(catalog, payload, reporter: reporter)
    }

    private static func run<Catalog: SpecCatalog>(
      _: Catalog.Type, _ payload: ChildPayload, reporter: ChildReporter
    ) async -> Never {
      let configuration = payload.configuration
      guard let spec = Spec<Catalog>.named(payload.specID) else {
        reporter.sink.record(
          "The child process found no spec called \(payload.specID) in \(Catalog.name).catalog",
          at: configuration.caller)
        reporter.finish()
      }
      let factory: Catalog.Factory
      do {
        factory = try decodeFactory(payload, as: Catalog.self)
      } catch {
        reporter.sink.record(
          "Expected the child process to decode the factory, but it could not: \(error)",
          at: configuration.caller)
        reporter.finish()
      }
      let state = RunState(configuration: configuration, sink: reporter.sink)
      let tracker = configuration.tracksLeaks ? LeakTracker(sink: reporter.leakSink) : nil
      let expiry = await TemporaryDirectory.$scoped.withValue(configuration.temporaryDirectory) {
        await LeakTracker.$current.withValue(tracker) {
          await SpecRunner.run(spec, on: factory, state: state) { expiry in
            reporter.sink.record(state.message(for: expiry), at: configuration.caller)
            reporter.finish(freshSeeds: state.usesSeeds ? configuration.freshSeeds : [])
          }
        }
      }
      if expiry == nil {
        await tracker?.reportSurvivors()
      }
      reporter.finish(freshSeeds: state.usesSeeds ? configuration.freshSeeds : [])
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

    /// Writes the report, then ends the child with every process of its group; when the report
    /// cannot be written, it says why on standard error and exits with
    /// ``ChildEnding/reportNotWrittenStatus`` instead.
    func finish(freshSeeds: [UInt64] = []) -> Never {
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
        attachments: collected.attachments, freshSeeds: freshSeeds)
      do {
        try control.write(Array(try JSONEncoder().encode(report)), to: .report)
      } catch {
        FileHandle.standardError.write(
          Data("The child process could not write its report: \(Self.reason(for: error))\n".utf8))
        fflush(nil)
        _exit(ChildEnding.reportNotWrittenStatus)
      }
      fflush(nil)
      // A process the spec started, such as a sleeper that inherited the parent's pipe, would
      // keep the parent waiting. SIGKILL ends the whole group, this process included, whatever
      // signals the others block; the parent accepts the report, not the exit status.
      kill(0, SIGKILL)
      _exit(0)
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
