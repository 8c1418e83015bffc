import FeedCache
import FeedCacheSQLite
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// The SQLite store on a disk that is really full (`FEEDSTORE_OS_FAULTS=1`, as root): a user whose
/// disk is full can still drop the cache, which frees its space.
@Suite(.temporaryDirectory, .requiring(.fullDisk)) struct SQLiteFeedStoreFullDiskTests {
  // Before: SQLITE_FULL, every time; the cache stayed, and so did its space.
  @Test func delete_removesTheCacheAndFreesItsSpace() async throws {
    try await onFullDisk { disk, sut in
      try await sut.deleteCachedFeed()

      #expect(try await sut.retrieve() == nil)
      #expect(try freeBytes(on: disk) > 0)
      #expect(try names(in: disk) == ["filler"])
    }
  }

  @Test func insert_worksAgainInTheSpaceADeleteFreed() async throws {
    try await onFullDisk { _, sut in
      let cache = FeedStoreFixtures.uniqueCachedFeed()
      try await sut.deleteCachedFeed()

      try await sut.insert(cache.feed, timestamp: cache.timestamp)

      #expect(try await sut.retrieve() == cache)
    }
  }

  // Removing the file would leave the other store reading a file that is gone.
  @Test func delete_keepsTheCacheAndSaysWhyWhileAnotherStoreHasItOpen() async throws {
    try await onFullDisk { disk, sut in
      let other = try makeSUT(on: disk)
      let cached = try await other.retrieve()

      let error = await #expect(throws: SQLiteFeedStoreError.self) {
        try await sut.deleteCachedFeed()
      }

      #expect(error?.resultCode.map { $0 & 0xFF } == 13)  // SQLITE_FULL
      #expect(
        error?.description.hasSuffix(
          "and another connection has the database open, so the store could not remove it to "
            + "free the space") == true)
      #expect(cached != nil)
      #expect(try await other.retrieve() == cached)
      #expect(try await sut.retrieve() == cached)
    }
  }

  /// Caches a feed of 200 images on a new 1 MB tmpfs, fills the rest of it, and runs `body` with
  /// the disk and the store.
  private func onFullDisk(_ body: (URL, SQLiteFeedStore) async throws -> Void) async throws {
    let directory = try TemporaryDirectory.current
    try await OperatingSystemFault.fullDisk.withFaultyDirectory(in: directory) { disk in
      let sut = try makeSUT(on: disk)
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(count: 200), timestamp: .now)
      try OperatingSystemFault.fullDisk.inject(in: disk)

      try await body(disk, sut)
    }
  }
}

private func makeSUT(on disk: URL) throws -> SQLiteFeedStore {
  try SQLiteFeedStore(storeURL: disk.appending(path: "feed.sqlite"))
}

private func freeBytes(on disk: URL) throws -> UInt64 {
  var info = statvfs()
  try #require(statvfs(disk.path(percentEncoded: false), &info) == 0)
  return UInt64(info.f_bavail) * UInt64(info.f_frsize)
}

private func names(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
    .sorted()
}
