#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import SharedSupport
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
    /// starts ends with the child, and the verdict never waits for it. On Linux the child runs
    /// in a cgroup of its own, which the parent ends with the spec, so even a process that leaves
    /// the child's session or tree ends; where the system offers no cgroup, or the process may
    /// not make one, the run says once that a process may have escaped. The parent signals no
    /// process but the child and the processes it proved the child started. The failures the spec records in the child are
    /// reported here, at your line, as `verify` reports them.
    ///
    /// The child makes its own copy of `factory` from JSON, finding the type by its mangled name:
    /// the factory must be `Codable`, and whatever its implementations share must live outside
    /// the process, in files or a database. The child runs with the test's profile, time limit,
    /// ``TemporaryDirectory/current`` and leak tracking. Starting a child for each spec costs far
    /// more than running it in process, so keep `verify` for the edit-test loop. Exit tests, and this method, exist on macOS, Linux, FreeBSD and
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
      guard let test = Test.current else { throw NoRunningTest(needing: "verifyInChildProcess") }
      guard let catalogFactory = factory as? Catalog.Factory else {
        TestingSink().recordNotRun(
          FailureMessage.notAFactory("\(Factory.self)", of: Catalog.name, specID: id),
          at: sourceLocation)
        return
      }
      let leaks = Locked<[RecordedIssue]>([])
      await allowing(
        knownDeviations, for: Catalog.factoryType(of: catalogFactory), at: sourceLocation
      ) {
        let found = await ChildProcess.verify(self, on: factory, test: test, caller: sourceLocation)
        leaks.withLock { $0 = found }
      }
      // Outside the deviation, as in process: a leak is never the spec's known issue.
      for leak in leaks.current {
        TestingSink().record(leak.message, at: leak.location)
      }
    }

    /// Runs the spec in a child process on a copy of `factory`, a factory of the catalog known
    /// only as `Codable`, as a catalog's self-test holds it; with no known deviations.
    func verifyInChildProcess<Factory: Codable>(encoding factory: Factory, caller: SourceLocation)
      async throws
    {
      try Task.checkCancellation()
      guard let test = Test.current else { throw NoRunningTest(needing: "verifyInChildProcess") }
      for leak in await ChildProcess.verify(self, on: factory, test: test, caller: caller) {
        TestingSink().record(leak.message, at: leak.location)
      }
    }
  }
#endif
