import Dispatch
import Foundation
import SharedSupport
import Testing

@testable import ContractSpecs

/// Proves the pool specs run on: every job runs, and jobs behind blocked threads or a backlog get
/// a thread soon.
@Suite struct SpecThreadPoolTests {
  @Test func run_runsEveryJobGivenFromManyThreads() {
    let sut = makeSUT(width: 2)
    let ran = Locked(0)
    let done = DispatchGroup()

    DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
      done.enter()
      sut.run {
        ran.withLock { $0 += 1 }
        done.leave()
      }
    }

    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(ran.current == 1_000)
  }

  @Test func run_startsAThreadForAJobThatWaitsBehindBlockedThreads() {
    let sut = makeSUT(width: 2)
    let release = DispatchSemaphore(value: 0)
    let blocked = DispatchGroup()
    let next = DispatchSemaphore(value: 0)
    for _ in 0..<2 {
      blocked.enter()
      sut.run {
        blocked.leave()
        release.wait()
      }
    }
    blocked.wait()
    defer { for _ in 0..<2 { release.signal() } }

    sut.run { next.signal() }

    #expect(next.wait(timeout: .now() + 60) == .success)
  }

  @Test func run_startsAThreadForJobsThatWaitBehindABacklogWhileOthersFinish() {
    let sut = makeSUT(width: 1)
    let running = Locked((now: 0, most: 0))
    let done = DispatchGroup()

    for _ in 0..<500 {
      done.enter()
      sut.run {
        running.withLock {
          $0.now += 1
          $0.most = max($0.most, $0.now)
        }
        usleep(1_000)
        running.withLock { $0.now -= 1 }
        done.leave()
      }
    }

    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(running.current.most > 1)
  }

  private func makeSUT(width: Int) -> SpecThreadPool {
    SpecThreadPool(width: width, patience: 0.005)
  }
}
