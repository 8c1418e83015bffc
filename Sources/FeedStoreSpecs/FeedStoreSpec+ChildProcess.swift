#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import Foundation
  import Testing

  extension FeedStoreSpec {
    /// Checks the behavior in a child process of its own, so a store that traps fails this spec,
    /// with the trap's message, while every other spec still runs.
    ///
    /// A `try!`, a force unwrap or a `fatalError` in a store ends the process it runs in. With
    /// ``verify(_:sourceLocation:)`` that is the whole test run, and the output does not say which
    /// spec was running; here it is a child process that Swift Testing starts for this spec
    /// alone (an exit test), and the spec fails with the trap's first line:
    ///
    /// ```swift
    /// @Test(arguments: FeedStoreSpec.all(for: MyStoreFactory.self))
    /// func myStoreConforms(to spec: FeedStoreSpec) async throws {
    ///   try await spec.verifyInChildProcess(MyStoreFactory())
    /// }
    /// ```
    ///
    /// The failures the spec records in the child are reported here, at your line, as
    /// ``verify(_:sourceLocation:)`` reports them. The child makes its own copy of `factory`
    /// from JSON, finding the type by its mangled name: the factory must be `Codable`, and
    /// whatever its stores share must live outside the process, in files or a database. The
    /// child sees the profile and the ``TemporaryDirectory/current`` of the test that calls it.
    ///
    /// Starting a child costs about 15 to 30 milliseconds per spec on a two-core Linux machine in
    /// a debug build, so keep ``verify(_:sourceLocation:)`` for the edit-test loop. Exit tests, and
    /// this method, exist on macOS, Linux, FreeBSD and OpenBSD.
    ///
    /// - Parameters:
    ///   - factory: Makes the stores to check; the child process decodes a copy of it.
    ///   - knownDeviations: The specs the factory's stores are known not to pass yet; see
    ///     ``verify(_:knownDeviations:sourceLocation:)``.
    ///   - sourceLocation: Where failures are reported; the caller's line by default.
    /// - Throws: An error when `factory` cannot be encoded.
    public func verifyInChildProcess<Factory: FeedStoreFactory & Codable>(
      _ factory: Factory,
      knownDeviations: [KnownDeviation] = [],
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      let child = ChildRun(
        specID: id, factoryType: _mangledTypeName(Factory.self) ?? String(reflecting: Factory.self),
        factory: try JSONEncoder().encode(factory), profile: try FeedStoreSpecProfile.current,
        directory: TemporaryDirectory.scoped, caller: sourceLocation)
      try await allowing(knownDeviations, for: Factory.self, at: sourceLocation) {
        try await child.run()
      }
    }
  }

  /// One spec to run in a child process, as the values an exit test can carry there.
  private struct ChildRun: Sendable {
    let specID: String
    /// The factory's type, as `_mangledTypeName` spells it.
    let factoryType: String
    /// The factory, as JSON.
    let factory: Data
    let profile: FeedStoreSpecProfile
    let directory: URL?
    let caller: SourceLocation

    /// Runs the spec in a child process, recording its failures here and a failure naming the
    /// trap when the child crashes.
    ///
    /// - Throws: ``NoRunningTest`` outside a test.
    func run() async throws {
      guard let test = Test.current else { throw NoRunningTest() }
      let standardError = FileManager.default.temporaryDirectory
        .appending(path: "feedstore-spec-\(UUID().uuidString).stderr").path
      defer { try? FileManager.default.removeItem(atPath: standardError) }
      // The exit test's own failure says only that the child died by a signal; the failure
      // recorded instead says which spec it was and quotes the trap.
      let withoutExitStatusFailure = IssueHandlingTrait.compactMapIssues { issue in
        if case .expectationFailed = issue.kind { return nil }
        return issue
      }
      try await withoutExitStatusFailure.provideScope(for: test, testCase: Test.Case.current) {
        guard await !Self.runChild(self, writingStandardErrorTo: standardError) else { return }
        Issue.record(
          Comment(
            rawValue: "Expected \(specID) to finish in its child process, but the process "
              + "crashed: \(Self.trapMessage(in: standardError))"),
          sourceLocation: caller)
      }
    }

    /// Thrown when a spec is asked to run in a child process outside a running test.
    struct NoRunningTest: Error, CustomStringConvertible {
      var description: String {
        "verifyInChildProcess starts its child process from a running test, and none is running"
      }
    }

    /// Runs `child` in an exit test, with the child's standard error in the file at `path`.
    ///
    /// - Returns: Whether the child process ended normally.
    private static func runChild(_ child: ChildRun, writingStandardErrorTo path: String) async
      -> Bool
    {
      let result = await #expect(processExitsWith: .success, sourceLocation: child.caller) {
        [
          specID = child.specID as String, factoryType = child.factoryType as String,
          factory = child.factory as Data, profile = child.profile as FeedStoreSpecProfile,
          directory = child.directory as URL?, caller = child.caller as SourceLocation,
          path = path as String
        ] in
        _ = dup2(open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600), STDERR_FILENO)
        await ChildRun(
          specID: specID, factoryType: factoryType, factory: factory, profile: profile,
          directory: directory, caller: caller
        ).verifyInThisProcess()
      }
      return result != nil
    }

    /// In the child: decodes the factory and runs the spec with the parent's profile and
    /// directory, recording every failure at the parent's caller.
    private func verifyInThisProcess() async {
      await SpecContext.$caller.withValue(caller) {
        guard let spec = FeedStoreSpec.named(specID) else {
          recordFailure("The child process found no spec called \(specID)")
          return
        }
        guard let type = _typeByName(factoryType) as? any (FeedStoreFactory & Decodable).Type
        else {
          recordFailure(
            "The child process found no Codable FeedStoreFactory type named \(factoryType)")
          return
        }
        do {
          let factory = try JSONDecoder().decode(type, from: self.factory)
          try await FeedStoreSpecProfile.$pinned.withValue(profile) {
            try await TemporaryDirectory.$scoped.withValue(directory) {
              try await spec.verify(factory, sourceLocation: caller)
            }
          }
        } catch {
          recordFailure("Expected \(specID) to run, but it threw in the child process: \(error)")
        }
      }
    }

    /// The lines a crashed child wrote to standard error before its stack trace, such as
    /// `MyStore.swift:12: Fatal error: Unexpectedly found nil while unwrapping an Optional value`.
    private static func trapMessage(in path: String) -> String {
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        .prefix { !$0.hasPrefix("Current stack trace:") }
      return lines.isEmpty
        ? "it wrote nothing to standard error" : lines.joined(separator: "; ")
    }
  }
#endif
