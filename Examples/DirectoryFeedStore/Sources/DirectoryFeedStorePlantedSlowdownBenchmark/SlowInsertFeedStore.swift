import DirectoryFeedStore
import FeedCache
import Foundation

/// `DirectoryFeedStore` with a regression planted in its insert.
///
/// Each insert busy-waits for a share of its own time after it returns, so it takes that much
/// longer, however noisy the machine. CI and `Benchmarks/Scripts/measure-verdicts.sh` compare this
/// program with `directory-feedstore-bench` to prove `--compare` finds the regression.
///
/// The busy-wait is work on the calling thread, as the store's own encoding is: the benchmark
/// runs one operation at a time, so it holds nothing else up.
final class SlowInsertFeedStore: FeedStore, Sendable {
  private let store: DirectoryFeedStore
  /// How much longer each insert takes, as a share of its own time: 0.1 is 10%.
  private let slowdown: Double

  init(_ store: DirectoryFeedStore, slowdown: Double) {
    (self.store, self.slowdown) = (store, slowdown)
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    let clock = ContinuousClock()
    let start = clock.now
    try await store.insert(feed, timestamp: timestamp)
    let end = clock.now + start.duration(to: clock.now) * slowdown
    while clock.now < end {}
  }

  func retrieve() async throws -> CachedFeed? {
    try await store.retrieve()
  }

  func deleteCachedFeed() async throws {
    try await store.deleteCachedFeed()
  }
}

/// Makes ``SlowInsertFeedStore``s over the stores of `DirectoryFeedStoreFactory`.
struct SlowInsertFeedStoreFactory: FeedStoreFactory {
  let stores: DirectoryFeedStoreFactory<LocalDirectoryFiles>
  let slowdown: Double

  func makeStore() -> SlowInsertFeedStore {
    SlowInsertFeedStore(stores.makeStore(), slowdown: slowdown)
  }
}
