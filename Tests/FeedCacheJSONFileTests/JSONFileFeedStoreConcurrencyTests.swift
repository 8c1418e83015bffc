import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import TemporaryDirectories
import Testing

/// How the JSON file store waits for the disk: off the Swift concurrency pool, one operation at a
/// time per instance.
@Suite struct JSONFileFeedStoreConcurrencyTests {
  @Test func operations_waitForTheDiskWithoutTyingUpTheConcurrencyPool() async throws {
    try await withTemporaryDirectory { directory in
      let fileSystem = BlockingFileSystem()
      let stores = (0..<8).map { index in
        JSONFileFeedStore(
          storeURL: directory.appending(path: "\(index).json"), fileSystem: fileSystem)
      }

      let retrievals = stores.map { store in Task { try await store.retrieve() } }
      let allWaiting = await eventually { fileSystem.waitingReads == stores.count }
      fileSystem.releaseReads(stores.count)
      for retrieval in retrievals { _ = try await retrieval.value }

      #expect(allWaiting)
    }
  }

  @Test func operations_onOneInstanceRunOneAtATime() async throws {
    try await withTemporaryDirectory { directory in
      let fileSystem = BlockingFileSystem()
      let sut = JSONFileFeedStore(
        storeURL: directory.appending(path: "feed.json"), fileSystem: fileSystem)
      let count = 5

      let retrievals = (0..<count).map { _ in Task { try await sut.retrieve() } }
      for _ in 0..<count {
        _ = await eventually { fileSystem.waitingReads > 0 }
        // Gives a read that does not wait for the one before it the time to start.
        try await Task.sleep(for: .milliseconds(20))
        fileSystem.releaseReads(1)
      }
      for retrieval in retrievals { _ = try await retrieval.value }

      #expect(fileSystem.mostConcurrentReads == 1)
    }
  }

  @Test func operations_onOneInstanceRunInTheOrderTheyAreCalled() async throws {
    try await withTemporaryDirectory { directory in
      let sut = JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
      let first = FeedStoreFixtures.uniqueCachedFeed()
      let last = FeedStoreFixtures.uniqueCachedFeed(timestampOffset: 1)

      try await sut.insert(first.feed, timestamp: first.timestamp)
      try await sut.deleteCachedFeed()
      try await sut.insert(last.feed, timestamp: last.timestamp)

      #expect(try await sut.retrieve() == last)
    }
  }

  /// Polls `condition` on the concurrency pool for up to five seconds.
  private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<5_000 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
  }
}
