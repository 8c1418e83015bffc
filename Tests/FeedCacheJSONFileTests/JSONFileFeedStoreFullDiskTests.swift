import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// The JSON file store on a disk that is really full (`FEEDSTORE_OS_FAULTS=1`, as root): a user
/// whose disk is full can still drop the cache, which frees its space.
@Suite(.temporaryDirectory, .requiring(.fullDisk)) struct JSONFileFeedStoreFullDiskTests {
  @Test func delete_removesTheCacheAndFreesItsSpace() async throws {
    let directory = try TemporaryDirectory.current
    try await OperatingSystemFault.fullDisk.withFaultyDirectory(in: directory) { disk in
      let sut = try JSONFileFeedStore(storeURL: disk.appending(path: "feed.json"))
      try await sut.insert(FeedStoreFixtures.uniqueImageFeed(count: 200), timestamp: .now)
      try OperatingSystemFault.fullDisk.inject(in: disk)

      try await sut.deleteCachedFeed()

      var info = statvfs()
      try #require(statvfs(disk.path(percentEncoded: false), &info) == 0)
      #expect(try await sut.retrieve() == nil)
      #expect(info.f_bavail > 0)
    }
  }
}
