#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import SharedSupport
  import Foundation
  import Testing

  extension Spec {
    /// Checks the behavior in a child process of its own, so that an implementation that traps,
    /// exits or hangs fails this spec, saying how, while every other spec still runs.
    ///
    /// A `try!`, a force unwrap or a `fatalError` ends the process it runs in. With
    /// ``verify(_:knownDeviations:sourceLocation:)`` that is the whole test run; here it is a
    /// child process that Swift Testing starts for this spec alone (an exit test):
    ///
    /// ```swift
    /// @Test(arguments: ImageDataCacheSpec.all(for: MyCacheFactory.self))
    /// func myCacheConforms(to spec: ImageDataCacheSpec) async throws {
    ///   try await spec.verifyInChildProcess(MyCacheFactory())
    /// }
    /// ```
    ///
    /// The parent accepts the child's verdict only when the child reports that the spec ran to
    /// its end; every other end is a failure that says how the child ended (its exit status, or
    /// which signal and what it usually means) and what it last wrote to standard error, cut to a
    /// readable length, with the whole of it attached. An operation that does not return within
    /// the time limit fails the spec as in process, and the child ends; a child that stops
    /// showing signs of life for the limit (stopped, or stuck where its own watchdog cannot run)
    /// is ended by the parent, with every process it started. A process the implementation
    /// starts ends with the child, on Linux even one that leaves the child's session, and the
    /// verdict never waits for it; the parent signals no process but the child and the
    /// processes it proved the child started. The failures the spec records in the child are
    /// reported here, at your line, as `verify` reports them.
    ///
    /// The child makes its own copy of `factory` from JSON, finding the type by its mangled name:
    /// the factory must be `Codable`, and whatever its implementations share must live outside
    /// the process, in files or a database. The child runs with the test's profile, time limit,
    /// ``TemporaryDirectory/current`` and leak tracking. Starting a child costs about
    /// 20 milliseconds per spec on a two-core Linux machine in a debug build, so keep `verify` for
    /// the edit-test loop. Exit tests, and this method, exist on macOS, Linux, FreeBSD and
    /// OpenBSD.
    ///
    /// - Parameters:
    ///   - factory: Makes the implementations to check; the child process decodes a copy of it.
    ///   - knownDeviations: The specs the implementations are known not to pass yet.
    ///   - sourceLocation: Where failures are reported; the caller's line by default.
    /// - Throws: `CancellationError` when the running test is cancelled before the spec starts,
    ///   and an error saying so when no test is running (exit tests start from a running test).
    public func verifyInChildProcess<Factory: Codable & Sendable>(
      _ factory: Factory,
      knownDeviations: [KnownDeviation] = [],
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      try Task.checkCancellation()
      guard let test = Test.current else { throw NoRunningTest() }
      guard let catalogFactory = factory as? Catalog.Factory else {
        Issue.record(
          Comment(
            rawValue: "\(Factory.self) is not a factory of \(Catalog.name): \(id) cannot run on it"
          ), sourceLocation: sourceLocation)
        return
      }
      let leaks = Locked<[RecordedIssue]>([])
      await allowing(
        knownDeviations, for: Catalog.factoryType(of: catalogFactory), at: sourceLocation
      ) {
        let found = await runInChildProcess(factory, test: test, caller: sourceLocation)
        leaks.withLock { $0 = found }
      }
      // Outside the deviation, as in process: a leak is never the spec's known issue.
      for leak in leaks.current {
        TestingSink().record(leak.message, at: leak.location)
      }
    }

    /// Runs the spec in a child process and records how it ended, at `caller`.
    ///
    /// - Returns: The leaks the child's tracker reported, for the caller to record.
    private func runInChildProcess<Factory: Codable & Sendable>(
      _ factory: Factory, test: Test, caller: SourceLocation
    ) async -> [RecordedIssue] {
      let sink = TestingSink()
      let payload: ChildPayload
      let control: ChildControlDirectory
      let supervisor: ChildSupervisor
      switch RunConfiguration.resolve(for: self, caller: caller) {
      case .failure(let problem):
        sink.record(Self.message(for: problem), at: caller)
        return []
      case .success(let configuration):
        do {
          control = try ChildControlDirectory.make()
          payload = ChildPayload(
            catalogType: _mangledTypeName(Catalog.self) ?? String(reflecting: Catalog.self),
            specID: id,
            factoryType: _mangledTypeName(Factory.self) ?? String(reflecting: Factory.self),
            factory: try JSONEncoder().encode(factory), configuration: configuration,
            controlDirectory: control.path, nonce: UUID().uuidString)
          supervisor = try ChildSupervisor(
            control: control, limit: configuration.operationTimeLimit, nonce: payload.nonce)
        } catch {
          sink.record(
            "Expected to start \(id) in a child process, but preparing it failed: \(error)",
            at: caller)
          return []
        }
      }
      defer { control.remove() }
      supervisor.start()
      let status = await ChildProcess.run(payload, test: test, caller: caller)
      let intervention = supervisor.stop()
      if let report = control.read(.report).flatMap({
        try? JSONDecoder().decode(ChildReport.self, from: $0)
      }), report.nonce == payload.nonce {
        for issue in report.issues {
          sink.record(issue.message, at: issue.location)
        }
        for attachment in report.attachments {
          sink.attach(Array(attachment.bytes), named: attachment.name, at: attachment.location)
        }
        SeedReport.print(report.freshSeeds, of: payload.configuration)
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
      sink.record(
        "Expected \(id) to finish in its child process, but \(ending.account); \(excerpt)",
        at: caller)
      if excerpt.hasSuffix("attached as standard-error.txt)"),
        let whole = control.read(.standardError)
      {
        sink.attach(Array(whole), named: "standard-error.txt", at: caller)
      }
      return []
    }
  }

  /// Thrown when a spec is asked to run in a child process outside a running test.
  struct NoRunningTest: Error, CustomStringConvertible {
    var description: String {
      "verifyInChildProcess starts its child process from a running test, and none is running"
    }
  }

  /// The exit test that runs a spec in a child process: in a function of its own, since the
  /// exit-test macro is refused in a generic one, and the closure may capture only `Codable`
  /// values.
  enum ChildProcess {
    /// Runs the payload's spec in a child process and waits for it to end.
    ///
    /// - Returns: How the child ended; `nil` when it exited with status 0.
    static func run(_ payload: ChildPayload, test: Test, caller: SourceLocation) async
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
