import Foundation
import Testing

@testable import ContractSpecs

/// Proves the engine's specs, catalogs and capabilities on a contract of the tests' own.
@Suite(.specProfile(.quick)) struct SpecTests {
  @Test func spec_passesOnAnImplementationThatKeepsTheContract() async throws {
    let spec = try makeSUT("add_addsUp")

    let issues = try await collectIssues { try await spec.verify(TestCounterFactory()) }

    #expect(issues.isEmpty)
  }

  @Test func spec_failsAtTheCallersLineOnAnImplementationThatBreaksIt() async throws {
    let spec = try makeSUT("add_addsUp")
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await spec.verify(TestCounterFactory(flaw: .addsTwice), sourceLocation: caller)
    }

    #expect(issues.map(\.sourceLocation) == [caller])
    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "Expected 2 + 3 to make 5, but the counter was 10"
      ])
  }

  @Test func spec_failsWhenTheFactoryLacksItsCapability() async throws {
    let spec = try makeSUT("add_changesNothingOnFailure")

    let issues = try await collectIssues { try await spec.verify(CoreCounterFactory()) }

    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "add_changesNothingOnFailure needs a factory that conforms to FailableCounterFactory, and "
          + "CoreCounterFactory does not"
      ])
  }

  @Test func spec_namesTheOperationThatThrewWhenAnErrorEndsIt() async throws {
    let spec = try makeSUT("add_changesNothingOnFailure")

    let issues = try await collectIssues {
      try await spec.verify(UnbreakableCounterFactory())
    }

    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "Expected add_changesNothingOnFailure to run to its end, but makeAdditionFail(for:) "
          + "threw: CannotBreak()"
      ])
  }

  @Test func all_choosesTheSpecsOfTheFactorysCapabilities() {
    let core = CounterSpec.all(for: CoreCounterFactory.self).map(\.id)
    let failable = CounterSpec.all(for: TestCounterFactory.self).map(\.id)

    #expect(
      core == [
        "value_isZeroWhenNew", "add_addsUp", "model_randomOperationsMatchTheContract",
        "probe_reportsItsSetup",
      ])
    #expect(
      failable == [
        "value_isZeroWhenNew", "add_addsUp", "model_randomOperationsMatchTheContract",
        "add_changesNothingOnFailure", "probe_reportsItsSetup",
      ])
  }

  @Test func all_isOneFailingSpecWhenTheEnvironmentIsWrong() async throws {
    let specs = CounterSpec.all(
      for: TestCounterFactory.self, environment: ["COUNTER_SPEC_PROFILE": "bogus"])

    let issues = try await collectIssues {
      for spec in specs { try await spec.verify(TestCounterFactory()) }
    }

    #expect(specs.map(\.id) == ["environment_isValid"])
    #expect(
      issues.flatMap { $0.comments.map(\.rawValue) } == [
        "CounterSpec cannot run with this environment: COUNTER_SPEC_PROFILE=bogus names no "
          + "profile: set it to quick or thorough"
      ])
  }

  @Test func all_acceptsAProfileNameInAnyCase() {
    let specs = CounterSpec.all(
      for: TestCounterFactory.self, environment: ["COUNTER_SPEC_PROFILE": " THOROUGH "])

    #expect(specs.count == 5)
  }

  @Test func capability_isNamedAfterTheProtocolItsSpecsTake() {
    let capability = CounterCatalog.failable

    let protocolName = capability.protocolName

    #expect(protocolName == "FailableCounterFactory")
  }

  private func makeSUT(_ id: String) throws -> CounterSpec {
    try #require(CounterSpec.named(id))
  }
}

/// A failable factory whose additions cannot be made to fail.
private struct UnbreakableCounterFactory: FailableCounterFactory {
  struct CannotBreak: Error {}

  func makeCounter() -> any Counter { TestCounter(flaw: nil) }

  func makeAdditionFail(for counter: any Counter) throws { throw CannotBreak() }
}
