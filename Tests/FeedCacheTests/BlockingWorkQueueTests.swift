import FeedCache
import Testing

@Suite struct BlockingWorkQueueTests {
  @Test func run_runsJobsInTheOrderTheyWereEnqueuedOnOneState() async {
    let sut = makeSUT(state: [Int]())

    for job in 1...3 {
      await sut.run { $0.append(job) }
    }
    let state = await sut.run { $0 }

    #expect(state == [1, 2, 3])
  }

  @Test func deinit_releasesTheStateOffTheCallersTask() async {
    let (released, continuation) = AsyncStream.makeStream(of: String?.self)
    await $caller.withValue("the test's task") {
      let sut = makeSUT(state: ReleaseProbe { continuation.yield(caller) })
      await sut.run { _ in }
    }

    let releasedOn = await released.first { _ in true }

    #expect(releasedOn == .some(nil))
  }
}

// MARK: - Helpers

private func makeSUT<State>(state: State) -> BlockingWorkQueue<State> {
  BlockingWorkQueue(label: "BlockingWorkQueueTests", state: state)
}

/// Set only in the test's own task: a release that reads it ran there, not on the queue.
@TaskLocal private var caller: String?

/// Calls `onRelease` when the last reference to it goes, in the context that lets it go.
private final class ReleaseProbe: Sendable {
  private let onRelease: @Sendable () -> Void

  init(onRelease: @escaping @Sendable () -> Void) {
    self.onRelease = onRelease
  }

  deinit {
    onRelease()
  }
}
