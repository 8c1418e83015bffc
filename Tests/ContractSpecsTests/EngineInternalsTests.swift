import Foundation
import Testing

@testable import ContractSpecs

/// Pins the small parts of the engine that failures and replays depend on.
@Suite struct EngineInternalsTests {
  @Test func stableHash_isFNV1a64() {
    #expect(stableHash("") == 0xCBF2_9CE4_8422_2325)
    #expect(stableHash("a") == 0xAF63_DC4C_8601_EC8C)
    #expect(stableHash("foobar") == 0x8594_4171_F739_67E8)
  }

  @Test func engineOutOfThreads_namesItsCapAndHowToRaiseIt() {
    #expect(
      FailureMessage.outOfThreads(.cap(64))
        == "ContractSpecs ran out of threads: its spec pool reached its cap of 64 threads, each "
        + "running or blocked in an implementation; raise the cap with "
        + "CONTRACT_SPECS_MAX_THREADS=128. Specs waited for a thread meanwhile; that wait counted "
        + "against no implementation")
  }

  @Test func specWithNoThread_namesTheEngineNotTheImplementation() {
    #expect(
      FailureMessage.noThread("add_addsUp", .cap(8), waited: .seconds(10))
        == "ContractSpecs could not run add_addsUp to its end: it waited 10 s for a thread, and "
        + "its spec pool reached its cap of 8 threads, each running or blocked in an "
        + "implementation; raise the cap with CONTRACT_SPECS_MAX_THREADS=16. This spec did not "
        + "judge the implementation")
  }

  @Test func closestNames_suggestsOnlyTheNearest() {
    let names = ["insert_deliversErrorOnFailure", "delete_deliversErrorOnFailure", "other"]

    #expect(
      closestNames(to: "insert_deliversErorOnFailure", among: names)
        == ["insert_deliversErrorOnFailure"])
    #expect(closestNames(to: "zzz", among: names).isEmpty)
  }

  @Test func catalogEnvironment_readsEachVariableAndReportsEveryProblem() {
    let variables = CatalogEnvironment.Variables(prefix: "X")

    let good = CatalogEnvironment.read(
      variables, from: ["X_PROFILE": "Thorough", "X_SEED": "42", "X_SEQUENCES": "5000"])
    let bad = CatalogEnvironment.read(
      variables, from: ["X_PROFILE": "fast", "X_SEED": "0x2A", "X_SEQUENCES": "0"])

    #expect(good == .success(CatalogEnvironment(profile: .thorough, seed: 42, sequences: 5_000)))
    #expect(
      bad
        == .failure(
          EnvironmentProblem(problems: [
            "X_PROFILE=fast names no profile: set it to quick or thorough",
            "X_SEED=0x2A is not a seed: set it to the decimal number a failure reported, such as 42",
            "X_SEQUENCES=0 is not a number of sequences: set it to a whole number above 0",
          ])))
  }

  @Test func seededGenerator_givesALongerRunTheSameStart() {
    var short = SeededRandomNumberGenerator(seed: 7)
    var long = SeededRandomNumberGenerator(seed: 7)

    let first = (0..<10).map { _ in short.next() }
    let second = (0..<1_000).map { _ in long.next() }

    #expect(Array(second.prefix(10)) == first)
  }

  @Test func duration_readsAsMillisecondsOrSeconds() {
    #expect(Duration.milliseconds(300).readable == "300 ms")
    #expect(Duration.seconds(60).readable == "60 s")
    #expect(Duration.milliseconds(1_500).readable == "1.5 s")
  }

  @Test func childEnding_saysHowTheProcessEnded() {
    #expect(
      FailureMessage.account(of: .exited(3))
        == "the process exited with status 3 before the spec finished")
    #expect(
      FailureMessage.account(of: .crashed(signal: SIGSEGV))
        == "the process crashed with signal \(SIGSEGV), SIGSEGV: a bad memory access, such as a "
        + "use after free, an unsafe pointer or a stack overflow")
    #expect(
      FailureMessage.account(of: .ended(ChildIntervention(limit: .seconds(60), stopSignal: nil)))
        == "the child showed no sign of life for 60 s (it was still running, but its own watchdog "
        + "could not run), so it was ended, with every process it started")
  }

  @Test func childEnding_quotesTheTrapMessageBeforeTheStackTrace() {
    let output = "starting\nMyStore.swift:12: Fatal error: boom\nCurrent stack trace:\n0 frame\n"

    let excerpt = ChildEnding.excerpt(ofStandardError: Array(output.utf8), size: output.utf8.count)

    #expect(excerpt == "it wrote: starting; MyStore.swift:12: Fatal error: boom")
  }

  @Test func childEnding_cutsALongLineFromItsStart() {
    let output = String(repeating: "x", count: 1_000) + "\n" + String(repeating: "y", count: 400)

    let excerpt = ChildEnding.excerpt(ofStandardError: Array(output.utf8), size: output.utf8.count)

    #expect(
      excerpt
        == "it wrote: …\(String(repeating: "y", count: ChildEnding.excerptLength)) (1401 bytes in "
        + "all, attached as standard-error.txt)")
  }

  @Test func childEnding_saysWhenNothingWasWritten() {
    #expect(
      ChildEnding.excerpt(ofStandardError: [], size: 0) == "it wrote nothing to standard error")
  }
}
