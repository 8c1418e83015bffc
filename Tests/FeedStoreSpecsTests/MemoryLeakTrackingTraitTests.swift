import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

@Suite struct MemoryLeakTrackingTraitTests {
  @Test(.operationTimeLimit(.milliseconds(200)))
  func survivingInstance_isReportedWhereItWasTracked() async throws {
    let survivor = Probe()
    let line = Locked<Int>(0)

    let issues = try await collectIssues {
      try await trackingLeaks {
        line.withLock { $0 = #line + 1 }
        trackForMemoryLeaks(survivor)
      }
    }

    #expect(issues.flatMap(\.comments).map(\.rawValue) == [Self.leakMessage])
    #expect(issues.map(\.sourceLocation?.line) == [line.current])
  }

  @Test(.operationTimeLimit(.milliseconds(200)))
  func survivingInstance_isReportedWhenTheCaseThrows() async throws {
    struct BodyFailure: Error {}
    let survivor = Probe()

    let issues = try await collectIssues {
      await #expect(throws: BodyFailure.self) {
        try await trackingLeaks {
          trackForMemoryLeaks(survivor)
          throw BodyFailure()
        }
      }
    }

    #expect(issues.flatMap(\.comments).map(\.rawValue) == [Self.leakMessage])
  }

  @Test(.operationTimeLimit(.milliseconds(200)))
  func survivingInstancesTrackedAtOnePlace_areReportedOnceWithTheirCount() async throws {
    let survivors = (1...3).map { _ in Probe() }

    let issues = try await collectIssues {
      try await trackingLeaks {
        for survivor in survivors { trackForMemoryLeaks(survivor) }
      }
    }

    #expect(
      issues.flatMap(\.comments).map(\.rawValue) == [
        "3 instances of Probe should have been deallocated when the test ended: a reference "
          + "cycle or an unfinished task still holds them"
      ])
  }

  @Test func deallocatedInstance_isNotReported() async throws {
    let (issues, isDeallocated) = try await trackNewProbe()

    #expect(isDeallocated)
    #expect(issues.isEmpty)
  }

  @Test func instanceReleasedByAJobFinishingAfterTheCase_isNotReported() async throws {
    let (issues, isDeallocated) = try await trackNewProbe { probe in
      await Self.resume(fromAJobThatHolds: probe)
    }

    #expect(isDeallocated)
    #expect(issues.isEmpty)
  }

  @Test func trackingOutsideTheTrait_isReported() async throws {
    let issues = try await collectIssues {
      trackForMemoryLeaks(Probe())
    }

    #expect(
      issues.flatMap(\.comments).map(\.rawValue)
        == ["trackForMemoryLeaks needs the .trackingMemoryLeaks trait on the test or its suite"])
  }

  private static let leakMessage =
    "Probe should have been deallocated when the test ended: a reference cycle or an "
    + "unfinished task still holds it"

  /// Suspends until a job on a queue of its own resumes the caller, then lets the job hold
  /// `probe` 20 ms longer, as a store's queue holds the store while its job returns: far less
  /// than the second the trait waits for survivors.
  private static func resume(fromAJobThatHolds probe: Probe) async {
    await withCheckedContinuation { continuation in
      DispatchQueue(label: "MemoryLeakTrackingTraitTests").async {
        continuation.resume()
        Thread.sleep(forTimeInterval: 0.02)
        withExtendedLifetime(probe) {}
      }
    }
  }

  /// Tracks a new probe in a case with the trait and runs `body` with it.
  ///
  /// - Returns: The issues the case recorded, and whether the probe was deallocated since.
  private func trackNewProbe(
    then body: @escaping @Sendable (Probe) async -> Void = { _ in }
  ) async throws -> (issues: [Issue], isDeallocated: Bool) {
    let released = WeakProbe()
    let issues = try await collectIssues {
      try await trackingLeaks {
        let probe = Probe()
        released.set(probe)
        trackForMemoryLeaks(probe)
        await body(probe)
      }
    }
    return (issues, released.isNil)
  }

  private func trackingLeaks(_ body: @escaping @Sendable () async throws -> Void) async throws {
    try await SpecTrait.trackingMemoryLeaks.provideScope(
      for: try #require(Test.current), testCase: nil, performing: body)
  }
}

private final class Probe: Sendable {}

/// Holds a ``Probe`` weakly, to see from outside a scope that it was deallocated.
private final class WeakProbe: Sendable {
  private let probe = Locked<WeakReference>(WeakReference())

  var isNil: Bool { probe.withLock { $0.object == nil } }

  func set(_ object: Probe) {
    probe.withLock { $0.object = object }
  }

  private struct WeakReference: Sendable {
    weak var object: Probe?
  }
}
