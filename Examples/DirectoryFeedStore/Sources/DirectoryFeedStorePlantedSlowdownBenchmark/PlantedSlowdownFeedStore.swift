import DirectoryFeedStore
import FeedCache
import Foundation

/// `DirectoryFeedStore` with a regression planted in its insert, its retrieve, or neither.
///
/// Each planted operation busy-waits for a share of its own time after it returns, so it takes
/// that much longer, however noisy the machine. CI and `Benchmarks/Scripts/measure-verdicts.sh`
/// compare this program with `directory-feedstore-bench` to prove `--compare` finds the
/// regression; with no slowdown it is a separately built program that differs from that one only
/// off the measured path (this wrapper's forwarding call), which `--compare` must not flag.
///
/// The busy-wait is work on the calling thread, as the store's own encoding is: the benchmark
/// runs one operation at a time, so it holds nothing else up.
final class PlantedSlowdownFeedStore: FeedStore, Sendable {
  private let store: DirectoryFeedStore
  /// How much longer each insert and each retrieve takes, as a share of its own time: 0.1 is 10%.
  private let insertSlowdown: Double
  private let retrieveSlowdown: Double

  init(_ store: DirectoryFeedStore, insertSlowdown: Double, retrieveSlowdown: Double) {
    (self.store, self.insertSlowdown, self.retrieveSlowdown) = (
      store, insertSlowdown, retrieveSlowdown
    )
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
    guard insertSlowdown > 0 else { return try await store.insert(feed, timestamp: timestamp) }
    let start = ContinuousClock.now
    try await store.insert(feed, timestamp: timestamp)
    Self.wait(insertSlowdown, of: start)
  }

  func retrieve() async throws -> CachedFeed? {
    guard retrieveSlowdown > 0 else { return try await store.retrieve() }
    let start = ContinuousClock.now
    let feed = try await store.retrieve()
    Self.wait(retrieveSlowdown, of: start)
    return feed
  }

  func deleteCachedFeed() async throws {
    try await store.deleteCachedFeed()
  }

  /// Busy-waits for `share` of the time since `start`.
  private static func wait(_ share: Double, of start: ContinuousClock.Instant) {
    let end = ContinuousClock.now + start.duration(to: .now) * share
    while ContinuousClock.now < end {}
  }
}

/// Makes ``PlantedSlowdownFeedStore``s over the stores of `DirectoryFeedStoreFactory`.
struct PlantedSlowdownFeedStoreFactory: FeedStoreFactory {
  let stores: DirectoryFeedStoreFactory<LocalDirectoryFiles>
  let insertSlowdown: Double
  let retrieveSlowdown: Double

  func makeStore() -> PlantedSlowdownFeedStore {
    PlantedSlowdownFeedStore(
      stores.makeStore(), insertSlowdown: insertSlowdown, retrieveSlowdown: retrieveSlowdown)
  }
}
