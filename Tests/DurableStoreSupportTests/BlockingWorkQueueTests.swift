import DurableStoreSupport
import Testing

@Suite struct BlockingWorkQueueTests {
  @Test func run_letsEachJobSeeWhatTheJobsBeforeItDid() async {
    let sut = makeSUT(state: [Int]())

    for job in 1...3 {
      await sut.run { $0.append(job) }
    }
    let state = await sut.run { $0 }

    #expect(state == [1, 2, 3])
  }

  @Test func deinit_releasesTheStateOffTheCallersTask() async {
    let (releases, continuation) = AsyncStream.makeStream(of: Bool.self)
    await $caller.withValue("the test's task") {
      let sut = makeSUT(state: ReleaseProbe { continuation.yield(caller != nil) })
      await sut.run { _ in }
    }

    let releasedInTheCallersTask = await releases.first { _ in true }

    #expect(releasedInTheCallersTask == false)
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
