import FeedCache
import FeedCacheInMemory
import FeedStoreTestDoubles
import Foundation
import Testing

@Suite struct FaultInjectingFeedStoreTests {
  @Test func withoutFaults_passesEveryCallToTheStore() async throws {
    let cache = uniqueCache()
    let (sut, store) = makeSUT(faults: [])

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
    #expect(await store.retrieve() == cache)
  }

  @Test func failingCallNumber_failsOnlyThatCallCountingEveryOperation() async throws {
    let error = InjectedError()
    let (sut, _) = makeSUT(faults: [.failing(.call(number: 2), with: error)])

    _ = try await sut.retrieve()
    let second = await #expect(throws: InjectedError.self) {
      try await sut.insert(uniqueImageFeed(), timestamp: .distantPast)
    }
    let third = try await sut.retrieve()

    #expect(second == error)
    #expect(third == nil)
  }

  @Test func failingCallNumber_failsExactlyOneOfManyConcurrentCalls() async {
    let (sut, _) = makeSUT(faults: [.failing(.call(number: 50), with: InjectedError())])

    let failures = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<100 {
        group.addTask {
          do {
            _ = try await sut.retrieve()
            return false
          } catch {
            return true
          }
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    #expect(failures == 1)
  }

  @Test func failingOperation_failsEveryCallOfThatOperationOnly() async throws {
    let error = InjectedError()
    let cache = uniqueCache()
    let (sut, _) = makeSUT(cache: cache, faults: [.failing(.every(.deleteCachedFeed), with: error)])

    await #expect(throws: error) { try await sut.deleteCachedFeed() }
    await #expect(throws: error) { try await sut.deleteCachedFeed() }
    let retrieved = try await sut.retrieve()

    #expect(retrieved == cache)
  }

  @Test func failingCall_neverReachesTheStore() async throws {
    let cache = uniqueCache()
    let (sut, store) = makeSUT(cache: cache, faults: [.failing(.all, with: InjectedError())])

    try? await sut.deleteCachedFeed()

    #expect(await store.retrieve() == cache)
  }

  @Test func cancellingOperation_throwsCancellationError() async {
    let (sut, _) = makeSUT(faults: [.cancelling(.every(.retrieve))])

    await #expect(throws: CancellationError.self) {
      try await sut.retrieve()
    }
  }

  @Test func delaying_waitsAtLeastTheLatencyBeforeReachingTheStore() async throws {
    let latency = Duration.milliseconds(20)
    let (sut, _) = makeSUT(faults: [.delaying(.every(.retrieve), by: latency)])
    let clock = ContinuousClock()

    let elapsed = try await clock.measure { _ = try await sut.retrieve() }

    #expect(elapsed >= latency)
  }

  @Test func delaying_throwsCancellationErrorWithoutReachingStoreWhenCallerIsCancelled() async {
    let (sut, store) = makeSUT(faults: [.delaying(.all, by: .seconds(3600))])
    let insertion = Task {
      try await sut.insert(uniqueImageFeed(), timestamp: .distantPast)
    }

    insertion.cancel()

    await #expect(throws: CancellationError.self) { try await insertion.value }
    #expect(await store.retrieve() == nil)
  }

  private func makeSUT(
    cache: CachedFeed? = nil,
    faults: [FeedStoreFault]
  ) -> (sut: FaultInjectingFeedStore, store: InMemoryFeedStore) {
    let store = InMemoryFeedStore(cache: cache)
    let sut = FaultInjectingFeedStore(decorating: store, faults: faults)
    return (sut, store)
  }
}
