import ContractSpecs
import Foundation
import SharedSupport
import Testing

/// Proves that a spec sees the same setup, from the traits and the profile, in process and in a
/// child process, and that leak tracking works in both.
@Suite struct RunSetupTests {
  enum Form: String, CaseIterable, CustomTestStringConvertible {
    case inProcess, inChildProcess

    var testDescription: String { rawValue }

    func verify(
      _ spec: CounterSpec, _ factory: TestCounterFactory,
      knownDeviations: [KnownDeviation] = [], caller: SourceLocation
    ) async throws {
      switch self {
      case .inProcess:
        try await spec.verify(factory, knownDeviations: knownDeviations, sourceLocation: caller)
      case .inChildProcess:
        try await spec.verifyInChildProcess(
          factory, knownDeviations: knownDeviations, sourceLocation: caller)
      }
    }
  }

  @Test(.specProfile(.thorough), arguments: Form.allCases)
  func probe_seesThePinnedProfileAndItsLimit(_ form: Form) async throws {
    let message = try await probe(form)

    #expect(message.hasPrefix("profile thorough, limit 60.0 seconds, seeds ["))
  }

  @Test(.operationTimeLimit(.seconds(7)), arguments: Form.allCases)
  func probe_seesThePinnedTimeLimit(_ form: Form) async throws {
    let message = try await probe(form)

    #expect(message.hasPrefix("profile quick, limit 7.0 seconds, "))
  }

  @Test(.specProfile(.quick), arguments: Form.allCases)
  func probe_seesTheSeedDerivedFromTheSpecsID(_ form: Form) async throws {
    let message = try await probe(form)

    #expect(message.contains("seeds [525255002114179598]"))
  }

  @Test(.temporaryDirectory, arguments: Form.allCases)
  func probe_seesTheTestCasesDirectory(_ form: Form) async throws {
    let name = try TemporaryDirectory.current.lastPathComponent

    let message = try await probe(form)

    #expect(message.hasSuffix("directory \(name)"))
  }

  @Test(.trackingMemoryLeaks, arguments: Form.allCases)
  func leakTracking_reportsNothingForCountersThatAreReleased(_ form: Form) async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await form.verify(spec, TestCounterFactory(tracksLeaks: true), caller: caller)
    }

    #expect(issues.isEmpty)
  }

  @Test(.trackingMemoryLeaks, arguments: Form.allCases)
  func leakTracking_warnsWhenASpecNeverAsksToTrackWhatItMakes(_ form: Form) async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await form.verify(spec, TestCounterFactory(tracksLeaks: false), caller: caller)
    }

    let expected =
      "The test tracks memory leaks, but add_addsUp checked nothing for them: its catalog's "
      + "specs pass the implementations they make to trackForMemoryLeaks when "
      + "SpecRun.tracksMemoryLeaks is true"
    #expect(issues.map(\.severity) == [.warning])
    #expect(issues.map(\.sourceLocation) == [caller])
    #expect(issues.flatMap { $0.comments.map(\.rawValue) } == [expected])
  }

  @Test(.operationTimeLimit(.seconds(1)), arguments: Form.allCases)
  func leakTracking_reportsACounterThatOutlivesTheSpecAtTheCaller(_ form: Form)
    async throws
  {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let factory = TestCounterFactory(tracksLeaks: true, keepsCountersForever: true)
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await SpecTrait.trackingMemoryLeaks.provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await form.verify(spec, factory, caller: caller)
      }
    }

    #expect(issues.map(\.sourceLocation) == [caller])
    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "TestCounter should have been deallocated when the test ended: a reference cycle or an "
          + "unfinished task still holds it"
      ])
  }

  @Test(.operationTimeLimit(.seconds(1)), arguments: Form.allCases)
  func leakInASpecThatIsAKnownDeviation_isStillAFailure(_ form: Form) async throws {
    let spec = try #require(CounterSpec.named("value_isZeroWhenNew"))
    let deviation = KnownDeviation(
      "value_isZeroWhenNew", reason: "counts from one", link: "https://example.com/1")
    let factory = TestCounterFactory(
      flaw: .startsAtOne, tracksLeaks: true, keepsCountersForever: true)
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await SpecTrait.trackingMemoryLeaks.provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await form.verify(spec, factory, knownDeviations: [deviation], caller: caller)
      }
    }

    #expect(issues.filter { !$0.isFailure }.count == 1)
    #expect(
      issues.filter(\.isFailure).flatMap { $0.comments.map(\.rawValue) } == [
        "TestCounter should have been deallocated when the test ended: a reference cycle or an "
          + "unfinished task still holds it"
      ])
  }

  @Test(arguments: Form.allCases)
  func trackingWithoutTheTrait_saysTheTraitIsMissing(_ form: Form) async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await form.verify(spec, TestCounterFactory(tracksLeaks: true), caller: caller)
    }

    #expect(
      Set(issues.flatMap { $0.comments.map(\.rawValue) }) == [
        "trackForMemoryLeaks needs the .trackingMemoryLeaks trait on the test or its suite"
      ])
  }

  @Test(arguments: Form.allCases)
  func counterThatNeverReturns_failsOnceTheLimitHasPassed(_ form: Form) async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await SpecTrait.operationTimeLimit(.milliseconds(300)).provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await form.verify(spec, TestCounterFactory(flaw: .hangsOnAdd), caller: caller)
      }
    }

    #expect(issues.map(\.sourceLocation) == [caller])
    #expect(
      issues.first?.comments.first?.rawValue.hasSuffix(
        "to return, but it did not return within 300 ms (the limit .operationTimeLimit sets): "
          + "likely a deadlock, a lock never released or a continuation never resumed; if it is "
          + "only slow, give it a longer .operationTimeLimit. The spec stopped waiting for it")
        == true)
  }

  /// Specs whose counters block their threads for good, more of them than there are cores,
  /// leave the next spec threads to run on: on the cooperative pool it would wait forever.
  @Test func specsThatBlockTheirThreads_leaveTheNextSpecRunning() async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let blocked = ProcessInfo.processInfo.activeProcessorCount + 2
    defer { TestCounter.releaseBlockedThreads() }
    let hung = try await collectIssues {
      try await SpecTrait.operationTimeLimit(.milliseconds(100)).provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for _ in 0..<blocked {
            group.addTask { try await spec.verify(TestCounterFactory(flaw: .blocksItsThreadOnAdd)) }
          }
          try await group.waitForAll()
        }
      }
    }

    let issues = try await collectIssues { try await spec.verify(TestCounterFactory()) }

    #expect(hung.count == blocked)
    #expect(issues.isEmpty)
  }

  /// A limit shorter than the engine measures would measure the engine: it is raised, and the
  /// run says so once, naming both.
  @Test(arguments: Form.allCases)
  func limitShorterThanTheEngineMeasures_isRaisedWithAWarning(_ form: Form) async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    // A limit of each form's own, as the warning is given once per run.
    let asked = form == .inProcess ? 3 : 4
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await SpecTrait.operationTimeLimit(.milliseconds(asked)).provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        try await form.verify(spec, TestCounterFactory(), caller: caller)
      }
    }

    let expected =
      "ContractSpecs cannot measure an operation time limit shorter than 100 ms: it gave "
      + "operations 100 ms, not the \(asked) ms asked for"
    // 100 ms is short on a loaded machine: only the warning is this test's.
    let warnings = issues.filter { $0.severity == .warning }
    #expect(warnings.flatMap { $0.comments.map(\.rawValue) } == [expected])
  }

  @Test(arguments: Form.allCases)
  func knownDeviation_turnsTheSpecsFailureIntoAKnownIssueAtTheCaller(_ form: Form) async throws {
    let spec = try #require(CounterSpec.named("value_isZeroWhenNew"))
    let deviation = KnownDeviation(
      "value_isZeroWhenNew", reason: "counts from one", link: "https://example.com/1")
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await form.verify(
        spec, TestCounterFactory(flaw: .startsAtOne), knownDeviations: [deviation], caller: caller)
    }

    #expect(issues.map(\.isFailure) == [false])
    #expect(issues.map(\.sourceLocation) == [caller])
  }

  @Test(arguments: Form.allCases)
  func misspelledDeviation_isReportedOnceAtTheCallerWithTheClosestID(_ form: Form) async throws {
    let misspelled = KnownDeviation(
      "value_isZeroWhenNw", reason: "counts from one", link: "https://example.com/1")
    // A problem is reported once per process and call site: each form gets a call site of its own.
    var callSite = #_sourceLocation
    callSite.column += form == .inProcess ? 0 : 1
    let caller = callSite

    let issues = try await collectIssues {
      for spec in CounterSpec.all(for: TestCounterFactory.self).prefix(2) {
        try await form.verify(
          spec, TestCounterFactory(), knownDeviations: [misspelled], caller: caller)
      }
    }

    #expect(issues.map(\.sourceLocation) == [caller])
    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "Known deviation \"value_isZeroWhenNw\" names no spec of CounterSpec.catalog; did you mean "
          + "\"value_isZeroWhenNew\"?"
      ])
  }

  /// What the probe spec reports of its setup in `form`.
  private func probe(_ form: Form) async throws -> String {
    let spec = try #require(CounterSpec.named("probe_reportsItsSetup"))
    let caller = #_sourceLocation
    let issues = try await collectIssues {
      try await form.verify(spec, TestCounterFactory(), caller: caller)
    }
    return try #require(issues.first?.comments.first?.rawValue)
  }
}
