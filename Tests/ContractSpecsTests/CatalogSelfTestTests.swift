import Testing

@testable import ContractSpecs

/// Proves the engine's self-test of a catalog on the counter catalog: what it learns without
/// reading messages, how it runs an implementation that traps, and what it shows of each broken
/// implementation.
@Suite(.specProfile(.quick)) struct CatalogSelfTestTests {
  @Test func brokenImplementationWhoseFactoryLacksTheCapability_isNamedAsNotRun() async throws {
    let sut = CatalogSelfTest<CounterCatalog>(
      correct: [],
      broken: [
        .init("lacks failures", CoreCounterFactory(), breaks: ["add_changesNothingOnFailure"])
      ]
    )
    let check = try #require(sut.cases.first)

    let issues = try await collectIssues { try await sut.verify(check) }

    let messages: [String] = issues.flatMap { $0.comments.map(\.rawValue) }
    let expected: String =
      "Expected add_changesNothingOnFailure to fail on the implementation that lacks failures "
      + "because of what it breaks, but it failed only because it did not run on it: "
      + "add_changesNothingOnFailure needs a factory that conforms to FailableCounterFactory, "
      + "and CoreCounterFactory does not"
    #expect(messages == [expected])
  }

  @Test func implementationThatTraps_isCaughtInAChildProcess() async throws {
    let sut = CatalogSelfTest<CounterCatalog>(
      correct: [],
      broken: [
        .init(
          "traps on add", TestCounterFactory(flaw: .trapsOnAdd), breaks: ["add_addsUp"], traps: true
        )
      ])
    let check = try #require(sut.cases.first)

    let issues = try await collectIssues { try await sut.verify(check) }

    #expect(issues.isEmpty)
    #expect(sut.results.contains("| traps on add | `add_addsUp` | "))
    #expect(sut.results.contains("the process crashed with signal 4, SIGILL"))
  }

  @Test func results_showWhatEachBrokenImplementationFailedFirst() async throws {
    let sut = CatalogSelfTest<CounterCatalog>(
      correct: [],
      broken: [.init("adds twice", TestCounterFactory(flaw: .addsTwice), breaks: ["add_addsUp"])],
      observesEverySpec: true)

    for check in sut.cases {
      _ = try await collectIssues { try await sut.verify(check) }
    }

    let rows: [String] = sut.results.split(separator: "\n").dropFirst(2).map { row in
      String(row).replacing(/\| [0-9.]+ (ms|µs|s) \|/, with: "| TIME |")
    }
    let caught =
      "| adds twice | `add_addsUp` | TIME | Expected 2 + 3 to make 5, but the counter was 10 |"
    let model = "| adds twice | `model_randomOperationsMatchTheContract` (not named) | TIME | The "
    #expect(rows.first == caught)
    #expect(rows.count == 3)
    #expect(rows.contains { $0.hasPrefix(model) })
  }
}
