import FeedCache
import FeedCacheSQLite
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// Many SQLite stores at once over one file that is new or damaged: every one of them succeeds.
///
/// Torn reads under concurrent use are the conformance run's concurrency specs. The thorough
/// profile runs more rounds.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreConcurrencyTests {
  @Test func manyStoresUsingOneNewFileAtOnce_allSucceedEveryRound() async throws {
    let directory = try TemporaryDirectory.current
    var failures: [String] = []
    var lastCaches: [CachedFeed?] = []

    for round in 0..<(try FeedStoreSpec.profile == .thorough ? 12 : 3) {
      let storeURL = directory.appending(path: "round-\(round).sqlite")
      let caches = distinctCaches(count: 4)
      let stores = try caches.map { _ in try makeSUT(at: storeURL) }
      failures += await firstUseConcurrently(caches, on: stores)
      lastCaches.append(try await makeSUT(at: storeURL).retrieve())
    }

    #expect(failures == [])
    #expect(lastCaches.allSatisfy { $0 != nil })
  }

  @Test func manyStoresReplacingOneDamagedFileAtOnce_allSucceedEveryRound() async throws {
    let directory = try TemporaryDirectory.current
    var failures: [String] = []
    var lastCaches: [CachedFeed?] = []

    // Thorough runs enough rounds to catch a store removing the file another had just made:
    // before removal took the directory lock, about one round in 150 failed, on a tmpfs.
    let isThorough = try FeedStoreSpec.profile == .thorough
    for round in 0..<(isThorough ? 150 : 2) {
      let storeURL = directory.appending(path: "round-\(round).sqlite")
      try Data(String(repeating: "not a database\n", count: 300).utf8).write(to: storeURL)
      let caches = distinctCaches(count: isThorough ? 8 : 4)
      let stores = try caches.map { _ in try makeSUT(at: storeURL) }
      failures += await insertConcurrently(caches, on: stores)
      lastCaches.append(try await makeSUT(at: storeURL).retrieve())
    }

    #expect(failures == [])
    #expect(lastCaches.allSatisfy { $0 != nil })
  }

  // A store removing a damaged file holds a lock on its directory; its process may be suspended
  // meanwhile. Before the lock was waited for with the busy timeout, this insert never returned.
  @Test func insert_throwsWhenAnotherStoreHoldsTheDirectoryLockPastTheBusyTimeout() async throws {
    let directory = try TemporaryDirectory.current
    let storeURL = directory.appending(path: "feed.sqlite")
    let damaged = Data(String(repeating: "not a database\n", count: 300).utf8)
    try damaged.write(to: storeURL)
    let sut = try SQLiteFeedStore(storeURL: storeURL, busyTimeout: .milliseconds(5))
    let lock = try lockDirectory(directory)
    defer { close(lock) }
    let cache = FeedStoreFixtures.uniqueCachedFeed()

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
    }

    #expect(error?.reason == .fileSystem(code: EWOULDBLOCK))
    #expect(
      error?.description.hasPrefix(
        "Could not insert the feed: lock its directory, which another store holds at ") == true)
    #expect(try Data(contentsOf: storeURL) == damaged)
  }
}

// MARK: - Helpers

/// Takes the lock a store takes on `directory` to remove a damaged file in it, as another store
/// in the middle of a removal holds it.
///
/// - Returns: The descriptor that holds the lock: close it to release the lock.
private func lockDirectory(_ directory: URL) throws -> Int32 {
  let descriptor = open(directory.path(percentEncoded: false), O_RDONLY | O_DIRECTORY)
  try #require(descriptor >= 0, "cannot open \(directory.path(percentEncoded: false))")
  try #require(flock(descriptor, LOCK_EX) == 0, "cannot lock the directory")
  return descriptor
}

private func makeSUT(at storeURL: URL) throws -> SQLiteFeedStore {
  // Waits for the other store's lock, as an app's stores would.
  try SQLiteFeedStore(storeURL: storeURL, busyTimeout: SQLiteFeedStore.defaultBusyTimeout)
}

/// Caches of different sizes and timestamps, so that a mix of two is never equal to either.
private func distinctCaches(count: Int) -> [CachedFeed] {
  (0..<count).map { index in
    CachedFeed(
      feed: FeedStoreFixtures.uniqueImageFeed(count: 1 + index % 7 * 10),
      timestamp: FeedStoreFixtures.preciseTimestamp(offset: TimeInterval(index)))
  }
}

/// Has each store retrieve, insert its cache and retrieve again, all at once, each store from a
/// task of its own.
///
/// - Returns: A description of every call that threw, or that retrieved a cache that was not
///   inserted.
private func firstUseConcurrently(
  _ caches: [CachedFeed], on stores: [SQLiteFeedStore]
) async -> [String] {
  await withTaskGroup(of: [String].self) { group in
    for (store, cache) in zip(stores, caches) {
      group.addTask {
        do {
          let before = try await store.retrieve()
          try await store.insert(cache.feed, timestamp: cache.timestamp)
          let after = try await store.retrieve()
          return [before, after].compactMap { retrieved in
            guard let retrieved, !caches.contains(retrieved) else { return nil }
            return "retrieved a cache that was never inserted"
          }
        } catch {
          return ["\(error)"]
        }
      }
    }
    return await group.reduce(into: []) { $0 += $1 }
  }
}

/// Has each store insert its cache, all at once, each store from a task of its own.
///
/// - Returns: A description of every insert that threw.
private func insertConcurrently(
  _ caches: [CachedFeed], on stores: [SQLiteFeedStore]
) async -> [String] {
  await withTaskGroup(of: String?.self) { group in
    for (store, cache) in zip(stores, caches) {
      group.addTask {
        do {
          try await store.insert(cache.feed, timestamp: cache.timestamp)
          return nil
        } catch {
          return "\(error)"
        }
      }
    }
    return await group.reduce(into: []) { failures, failure in
      if let failure { failures.append(failure) }
    }
  }
}
