import Dispatch
import Foundation
import SharedSupport
import Testing

@testable import ContractSpecs

/// Proves the pool specs run on: every job runs, and jobs behind blocked threads or a backlog get
/// a thread soon.
///
/// The tests wait for the jobs, never for a time: a pool that left a job without a thread would
/// keep its test waiting, and a slow machine never fails one.
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

    done.wait()
    #expect(ran.current == 1_000)
  }

  @Test func run_startsAThreadForAJobThatWaitsBehindBlockedThreads() throws {
    let sut = makeSUT(width: 2)
    let release = DispatchSemaphore(value: 0)
    let blocked = DispatchGroup()
    let blockedThreads = Locked<[pthread_t]>([])
    for _ in 0..<2 {
      blocked.enter()
      sut.run {
        blockedThreads.withLock { $0.append(pthread_self()) }
        blocked.leave()
        release.wait()
      }
    }
    blocked.wait()
    defer { for _ in 0..<2 { release.signal() } }
    let next = DispatchSemaphore(value: 0)
    let nextThread = Locked<pthread_t?>(nil)

    sut.run {
      nextThread.withLock { $0 = pthread_self() }
      next.signal()
    }

    next.wait()
    let thread = try #require(nextThread.current)
    #expect(blockedThreads.current.allSatisfy { pthread_equal($0, thread) == 0 })
  }

  /// The backlog is given in waves of 500 jobs of a millisecond each, until two jobs have run at
  /// once or 40 waves have run: on a busy machine the pool's looks, on the watchdog's thread, may
  /// come late, and a backlog that lasts until they come keeps the verdict independent of the
  /// machine's speed; a pool that never starts a thread while jobs finish runs every wave alone.
  @Test func run_startsAThreadForJobsThatWaitBehindABacklogWhileOthersFinish() {
    let sut = makeSUT(width: 1)
    let running = Locked((now: 0, most: 0))

    for _ in 0..<40 where running.current.most <= 1 {
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
      done.wait()
    }

    #expect(running.current.most > 1)
  }

  @Test func run_waitsAtItsCapAndSaysSo() {
    let sut = makeSUT(width: 1, cap: 2)
    let release = DispatchSemaphore(value: 0)
    let blocked = block(2, threadsOf: sut, until: release)
    blocked.wait()
    let done = DispatchSemaphore(value: 0)

    sut.run { done.signal() }
    waitUntil { sut.starvation.isStarved }
    let starvation = sut.starvation
    for _ in 0..<2 { release.signal() }

    done.wait()
    #expect(starvation.limit == .cap(2))
  }

  @Test func run_saysWhenTheSystemRefusesAThreadAndTriesAgain() {
    let starts = Locked(0)
    let sut = makeSUT(width: 1, cap: 8) { body in
      // The first thread starts; the second is refused once, then started.
      let start = starts.withLock { starts in
        defer { starts += 1 }
        return starts
      }
      return start == 1 ? EAGAIN : SpecThreadPool.startSystemThread(body)
    }
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }

    runAJob(on: sut, behindAThreadBlockedUntil: release)

    #expect(sut.starvation.limit == .system(errno: EAGAIN, threads: 1))
  }

  @Test func looks_endOnceNoJobWaits_whileAThreadStaysBlocked() {
    let sut = makeSUT(width: 1, cap: 8)
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }
    runAJob(on: sut, behindAThreadBlockedUntil: release)

    waitUntil { !sut.isWatching }

    #expect(!sut.isWatching)
  }

  /// Blocks `count` threads of `pool` until `release` is signaled once for each.
  ///
  /// - Returns: A group that ends once every thread is blocked.
  private func block(_ count: Int, threadsOf pool: SpecThreadPool, until release: DispatchSemaphore)
    -> DispatchGroup
  {
    let blocked = DispatchGroup()
    for _ in 0..<count {
      blocked.enter()
      pool.run {
        blocked.leave()
        release.wait()
      }
    }
    return blocked
  }

  /// Blocks one thread of `pool` until `release` is signaled, then runs a job and waits for it.
  private func runAJob(
    on pool: SpecThreadPool, behindAThreadBlockedUntil release: DispatchSemaphore
  ) {
    block(1, threadsOf: pool, until: release).wait()
    let done = DispatchSemaphore(value: 0)
    pool.run { done.signal() }
    done.wait()
  }

  /// Waits until `condition` holds, however long that takes: the event the test waits for.
  private func waitUntil(_ condition: () -> Bool) {
    while !condition() { usleep(1_000) }
  }

  private func makeSUT(
    width: Int, cap: Int = 64,
    startThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> Int32 =
      SpecThreadPool.startSystemThread
  ) -> SpecThreadPool {
    SpecThreadPool(width: width, cap: cap, patience: 0.005, startThread: startThread)
  }
}
