#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import Foundation
  import SharedSupport
  import Testing

  /// The parent's side of a spec run in a child process: it prepares the child, starts it as an
  /// exit test, watches it, and turns how it ended into the spec's verdict.
  enum ChildProcess {
    /// Runs `spec` on a copy of `factory` in a child process and records how it ended, at
    /// `caller`.
    ///
    /// - Returns: The leaks the child's tracker reported, for the caller to record outside any
    ///   known deviation.
    static func verify<Catalog: SpecCatalog, Factory: Codable>(
      _ spec: Spec<Catalog>, on factory: Factory, test: Test, caller: SourceLocation
    ) async -> [RecordedIssue] {
      let sink = TestingSink()
      let payload: ChildPayload
      let control: ChildControlDirectory
      let supervisor: ChildSupervisor
      switch SpecSettings.resolve(for: spec, on: Factory.self, caller: caller) {
      case .failure(let problem):
        sink.recordNotRun(FailureMessage.environment(of: Catalog.name, problem), at: caller)
        return []
      case .success(let settings):
        settings.warnOfARaisedLimit(in: sink)
        let cgroup = ChildCgroup.make()
        do {
          control = try ChildControlDirectory.make()
          payload = ChildPayload(
            catalogType: _mangledTypeName(Catalog.self) ?? String(reflecting: Catalog.self),
            specID: spec.id,
            factoryType: _mangledTypeName(Factory.self) ?? String(reflecting: Factory.self),
            factory: try JSONEncoder().encode(factory), settings: settings,
            controlDirectory: control.path, nonce: UUID().uuidString,
            cgroup: try? cgroup.get().path)
          supervisor = try ChildSupervisor(
            control: control, limit: settings.operationTimeLimit, nonce: payload.nonce,
            cgroup: cgroup)
        } catch {
          _ = try? cgroup.get().end()
          sink.recordNotRun(FailureMessage.childNotStarted(spec.id, because: error), at: caller)
          return []
        }
      }
      defer { control.remove() }
      supervisor.start()
      let status: ExitStatus?
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        // Swift Testing reads the child's channels with blocking reads in tasks of its own, which
        // inherit this preference: on the cooperative pool each running child would hold one of
        // its few threads, and with them every other test, until the child exits.
        status = await withTaskExecutorPreference(SpecExecutor()) {
          await run(payload, test: test, caller: caller)
        }
      } else {
        status = await run(payload, test: test, caller: caller)
      }
      let (intervention, escape) = supervisor.stop()
      if let escape {
        SpecExecution.warnOncePerRun(
          FailureMessage.processesMayHaveEscaped(escape), to: sink, at: caller)
      }
      if let report = control.read(.report).flatMap({
        try? JSONDecoder().decode(ChildReport.self, from: $0)
      }), report.nonce == payload.nonce {
        for issue in report.issues {
          if issue.isWarning {
            sink.warn(issue.message, at: issue.location)
          } else if issue.didNotRun {
            sink.recordNotRun(issue.message, at: issue.location)
          } else if let mistake = issue.mistake {
            sink.recordMistake(issue.message, key: mistake, at: issue.location)
          } else if let cause = issue.likelyCause {
            sink.record(
              issue.message, at: issue.location, likelyCause: cause, of: payload.settings)
          } else {
            sink.record(issue.message, at: issue.location)
          }
        }
        for attachment in report.attachments {
          sink.attach(Array(attachment.bytes), named: attachment.name, at: attachment.location)
        }
        sink.reportFreshSeeds(report.freshSeeds, of: payload.settings)
        return report.leaks
      }
      let ending: ChildEnding =
        if let intervention { .ended(intervention) } else {
          switch status {
          case .exitCode(ChildEnding.reportNotWrittenStatus)?:
            .reportNotWritten(controlDirectoryExists: control.exists)
          case .exitCode(let code)?: .exited(code)
          case .signal(let signal)?: .crashed(signal: signal)
          case nil: .exited(0)
          case let other?: .other(String(describing: other))
          }
        }
      let (tail, size) = control.tail(of: .standardError, limit: 64 * 1_024)
      let excerpt = ChildEnding.excerpt(ofStandardError: tail, size: size)
      sink.record(FailureMessage.childDidNotFinish(spec.id, ending, excerpt), at: caller)
      if excerpt.hasSuffix("attached as standard-error.txt)"),
        let whole = control.read(.standardError)
      {
        sink.attach(Array(whole), named: "standard-error.txt", at: caller)
      }
      return []
    }

    /// Runs the payload's spec in a child process and waits for it to end: the exit test, in a
    /// function of its own, since the exit-test macro is refused in a generic one, and the
    /// closure may capture only `Codable` values.
    ///
    /// - Returns: How the child ended; `nil` when it exited with status 0.
    private static func run(_ payload: ChildPayload, test: Test, caller: SourceLocation) async
      -> ExitStatus?
    {
      guard let json = try? JSONEncoder().encode(payload) else { return nil }
      let status = Locked<ExitStatus?>(nil)
      // The exit test expects a failure, so that its result carries any status but 0; its own
      // expectation failure is dropped: the parent records how the child ended, in its words.
      let withoutExitTestFailure = IssueHandlingTrait.compactMapIssues { issue in
        if case .expectationFailed = issue.kind, issue.sourceLocation == caller { return nil }
        return issue
      }
      try? await withoutExitTestFailure.provideScope(for: test, testCase: Test.Case.current) {
        let result = await #expect(processExitsWith: .failure, sourceLocation: caller) {
          [json = json as Data] in
          await ChildEntry.run(json)
        }
        status.withLock { $0 = result?.exitStatus }
      }
      return status.current
    }
  }
#endif
