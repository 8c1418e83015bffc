import Foundation
import Testing

@testable import ContractSpecs

/// Proves that a mistake in a test's setup is named once, where the person who made it looks,
/// rather than failing every spec the same way.
@Suite(.specProfile(.quick)) struct SetupMistakeTests {
  @Test func temporaryDirectoryReadInATestWithoutTheTrait_isNamedOnceAtTheTest() async throws {
    let test = try #require(Test.current)

    let issues = try await collectIssues {
      for _ in 0..<2 {
        _ = try? TemporaryDirectory.missing { throw Cancelled(comment: $0) }
      }
    }

    #expect(issues.map(\.sourceLocation) == [test.sourceLocation])
    let messages: [String] = issues.flatMap { $0.comments.map(\.rawValue) }
    let expected: String =
      "This test reads TemporaryDirectory.current, but the test has no .temporaryDirectory "
      + "trait: add it to the @Test or its @Suite. Named once for the test; its other cases "
      + "are cancelled"
    #expect(messages == [expected])
  }

  @Test func temporaryDirectoryReadByAFactoryInASpec_isNamedAtTheCallersLine() async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let caller = #_sourceLocation

    let issues = try await collectIssues {
      try await spec.verify(DirectoryCounterFactory(), sourceLocation: caller)
    }

    #expect(issues.map(\.sourceLocation) == [caller])
    let messages: [String] = issues.flatMap { $0.comments.map(\.rawValue) }
    let expected: String =
      "DirectoryCounterFactory reads TemporaryDirectory.current, but the test has no "
      + ".temporaryDirectory trait: add it to the @Test or its @Suite. Named once for the "
      + "test; its other cases are cancelled"
    #expect(messages == [expected])
  }

  @Test func factoryThatHandsOutOneInstanceTwice_isNamedForIt() async throws {
    let spec = try #require(CounterSpec.named("add_addsUp"))
    let factory = OneCounterFactory()

    let issues = try await collectIssues {
      try await spec.verify(factory)
      try await spec.verify(factory)
    }

    let messages: [String] = issues.flatMap { $0.comments.map(\.rawValue) }
    let expected: String =
      "OneCounterFactory: makeCounter() returned an instance it had returned before, still in "
      + "use: each call must make a new one over storage of its own, or the specs see each "
      + "other's data. Named once for the run; the cases after this one are cancelled"
    #expect(messages == [expected])
  }

  private struct Cancelled: Error {
    let comment: String
  }
}

/// A factory whose counters live in the test's temporary directory, which it reads lazily.
private struct DirectoryCounterFactory: CounterFactory {
  func makeCounter() throws -> any Counter {
    _ = try TemporaryDirectory.current
    return TestCounter(flaw: nil)
  }
}

/// A factory that keeps one counter and hands it out every time.
private struct OneCounterFactory: CounterFactory {
  let counter = TestCounter(flaw: nil)

  func makeCounter() -> any Counter { counter }
}
