import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// How the JSON file store waits for the disk: off the Swift concurrency pool, one operation at a
/// time per instance.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreConcurrencyTests {
  /// More reads wait for the disk at once than the concurrency pool has threads: on the pool,
  /// the later ones could never start, and the test would not end.
  @Test(.timeLimit(.minutes(1)))
  func operations_waitForTheDiskWithoutTyingUpTheConcurrencyPool() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = BlockingFileSystem()
    let stores = try (0..<(ProcessInfo.processInfo.activeProcessorCount + 6)).map { index in
      try JSONFileFeedStore(
        storeURL: directory.appending(path: "\(index).json"), fileSystem: fileSystem)
    }

    let retrievals = stores.map { store in Task { try await store.retrieve() } }
    await fileSystem.untilReadsAreWaiting(stores.count)
    fileSystem.releaseReads(stores.count)

    for retrieval in retrievals {
      let retrieved = try await retrieval.value
      #expect(retrieved == nil)
    }
  }

  @Test func operations_onOneInstanceRunOneAtATime() async throws {
    let directory = try TemporaryDirectory.current
    let fileSystem = BlockingFileSystem()
    let sut = try JSONFileFeedStore(
      storeURL: directory.appending(path: "feed.json"), fileSystem: fileSystem)
    let count = 5

    let retrievals = (0..<count).map { _ in Task { try await sut.retrieve() } }
    for _ in 0..<count {
      await fileSystem.untilReadsAreWaiting(1)
      fileSystem.releaseReads(1)
    }
    for retrieval in retrievals { _ = try await retrieval.value }

    #expect(fileSystem.mostConcurrentReads == 1)
  }

  @Test func operations_onOneInstanceRunInTheOrderTheyAreCalled() async throws {
    let directory = try TemporaryDirectory.current
    let sut = try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
    let first = FeedStoreFixtures.uniqueCachedFeed()
    let last = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)

    try await sut.insert(first.feed, timestamp: first.timestamp)
    try await sut.deleteCachedFeed()
    try await sut.insert(last.feed, timestamp: last.timestamp)

    #expect(try await sut.retrieve() == last)
  }
}
