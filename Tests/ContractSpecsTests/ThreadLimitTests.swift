import Foundation
import SharedSupport
import Testing

@testable import ContractSpecs

#if os(Linux)
  /// Proves that the engine's own thread limits never fail a healthy spec: with the spec pool's
  /// threads held by implementations that block them, at its cap or at the system's limit for the
  /// user (`ulimit -u`), healthy specs wait for a thread, pass once one is free, and the run says
  /// once that the engine ran out of threads.
  ///
  /// Each runs in a child process of its own, whose pool and limits it changes. They run when
  /// `CONTRACT_SPECS_THREAD_LIMIT_TESTS=1`, as CI's step of their own runs them: they wait out a
  /// starved pool on purpose, which would add about a quarter of a second to the quick run.
  @Suite(
    .enabled(
      if: ProcessInfo.processInfo.environment["CONTRACT_SPECS_THREAD_LIMIT_TESTS"] == "1",
      "the thread-limit tests run with CONTRACT_SPECS_THREAD_LIMIT_TESTS=1"))
  struct ThreadLimitTests {
    @Test func healthySpecs_passWhileThePoolIsAtItsCap_andTheRunSaysSo() async {
      await #expect(processExitsWith: .success) {
        setenv(SpecThreadPool.capVariable, "4", 1)
        let healthy = try await ThreadLimitScenario.healthySpecsWhilePoolStarves()

        ThreadLimitScenario.check(
          healthy, warning: "ContractSpecs ran out of threads: its spec pool reached its cap of 4")
      }
    }

    /// Root ignores `RLIMIT_NPROC`: the child drops to a user id of its own, which nothing else
    /// on the machine runs as, after lowering the limit to a few threads above those it has.
    @Test func healthySpecs_passWhileTheSystemRefusesThreads_andTheRunSaysSo() async {
      await #expect(processExitsWith: .success) {
        let healthy = try await ThreadLimitScenario.healthySpecsWhilePoolStarves {
          let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
          var limit = rlimit(
            rlim_cur: rlim_t(threads.count + 3), rlim_max: rlim_t(threads.count + 3))
          let user = uid_t(3_000_000 + getpid() % 1_000_000)
          guard setrlimit(__rlimit_resource_t(__RLIMIT_NPROC.rawValue), &limit) == 0,
            setgid(user) == 0, setuid(user) == 0
          else { throw ThreadLimitScenario.CannotLimit() }
        }

        ThreadLimitScenario.check(
          healthy,
          warning: "ContractSpecs ran out of threads: the system refused its spec pool a thread")
      }
    }
  }

  /// Blocked specs take the pool's threads until it can start no more; healthy specs then wait
  /// longer than their limit for a thread, which the blocked ones give back at last.
  ///
  /// An exit test has no running test to collect issues in: each spec runs as `verify` runs it in
  /// process, into a sink of its own.
  enum ThreadLimitScenario {
    struct CannotLimit: Error {}

    /// Runs the scenario after `limitThreads`, and delivers what the healthy specs recorded and
    /// what every spec warned.
    static func healthySpecsWhilePoolStarves(limitThreads: () throws -> Void = {}) async throws
      -> (healthy: [RecordedIssue], warnings: [String])
    {
      // Starts the engine's own threads, and Swift's, before any limit applies.
      _ = try await verify(TestCounterFactory())
      try limitThreads()
      return try await OperationTimeLimit.$pinned.withValue(.milliseconds(100)) {
        // How many threads the pool can start is not known beforehand: other threads of the
        // process end, or start, meanwhile. Blocked specs are added until the pool starves.
        var blocked: [Task<[RecordedIssue], any Error>] = []
        let ended = Locked(0)
        func starveThePool() async throws {
          while !SpecThreadPool.shared.starvation.isStarved {
            guard blocked.count < maximumBlockedSpecs else { throw PoolNeverStarved() }
            blocked.append(
              Task {
                defer { ended.withLock { $0 += 1 } }
                return try await verify(TestCounterFactory(flaw: .blocksItsThreadOnAdd))
              })
            // Until this spec's thread is blocked, its job waits for one the pool cannot start,
            // or it ended without blocking one.
            while TestCounter.blockedThreadCount < blocked.count, ended.current < blocked.count,
              !SpecThreadPool.shared.starvation.isStarved
            {
              try await Task.sleep(for: .milliseconds(1))
            }
          }
        }
        try await starveThePool()
        let starvedBefore = SpecThreadPool.shared.starvation.nanoseconds
        async let healthy = verify(TestCounterFactory(), times: 10)
        // The healthy specs wait, by the pool's own measure, three times their limit; a thread
        // that the system gives back meanwhile is taken by another blocked spec.
        while SpecThreadPool.shared.starvation.nanoseconds - starvedBefore < 300_000_000 {
          try await starveThePool()
          try await Task.sleep(for: .milliseconds(5))
        }
        // Lets every blocked addition return, and those that block later.
        let released = Task {
          while !Task.isCancelled {
            TestCounter.releaseBlockedThreads()
            try await Task.sleep(for: .milliseconds(1))
          }
        }
        defer { released.cancel() }
        var issues = try await healthy
        for spec in blocked { issues += try await spec.value }
        return (try await healthy, issues.filter(\.isWarning).map(\.message))
      }
    }

    /// More blocked specs than the pool's cap: a pool that has not starved by then never will.
    private static let maximumBlockedSpecs = 2 * SpecThreadPool.configuredCap

    /// The pool took every blocked spec's job: the scenario cannot make it wait for a thread.
    struct PoolNeverStarved: Error {}

    /// Runs `add_addsUp` on `factory` `times` times at once, and delivers what they recorded.
    private static func verify(_ factory: TestCounterFactory, times: Int = 1) async throws
      -> [RecordedIssue]
    {
      let spec = try #require(CounterSpec.named("add_addsUp"))
      let settings = try SpecSettings.resolve(
        for: spec, on: TestCounterFactory.self, caller: #_sourceLocation
      ).get()
      let sink = CollectingSink()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<times {
          group.addTask {
            let execution = SpecExecution(settings: settings, sink: sink)
            execution.conclude(await execution.run(spec, on: factory), leaks: nil)
          }
        }
      }
      return sink.current.issues
    }

    /// Exits with a failure, saying why on standard error, unless no healthy spec failed and one
    /// warning starts with `warning`.
    static func check(
      _ recorded: (healthy: [RecordedIssue], warnings: [String]), warning: String
    ) {
      let failures = recorded.healthy.filter { !$0.isWarning }.map(\.message)
      let saying = recorded.warnings.filter { $0.hasPrefix(warning) }
      guard failures.isEmpty, saying.count == 1 else {
        let lines = failures + recorded.warnings
        FileHandle.standardError.write(Data(lines.joined(separator: "\n").utf8))
        exit(1)
      }
    }
  }
#endif
