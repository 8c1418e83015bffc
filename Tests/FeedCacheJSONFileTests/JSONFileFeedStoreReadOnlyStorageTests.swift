import FeedCache
import FeedCacheJSONFile
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// The JSON file store on a volume mounted read-only, for real (`FEEDSTORE_OS_FAULTS=1`, as
/// root): retrieve delivers the cache; insert and delete throw, naming the file system's refusal,
/// and change nothing.
@Suite(.temporaryDirectory, .requiring(.readOnlyVolume))
struct JSONFileFeedStoreReadOnlyStorageTests {
  @Test func retrieve_deliversTheCacheOnAReadOnlyVolume() async throws {
    try await onReadOnlyVolume { (sut, cache) async throws in
      let retrieved = try await sut.retrieve()

      #expect(retrieved == cache)
    }
  }

  @Test func insertAndDelete_throwNamingTheReadOnlyFileSystemAndChangeNothing() async throws {
    try await onReadOnlyVolume { (sut, cache) async throws in
      let insertion = await #expect(throws: JSONFileFeedStoreError.self) {
        try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
      }
      let deletion = await #expect(throws: JSONFileFeedStoreError.self) {
        try await sut.deleteCachedFeed()
      }

      let readOnly = String(describing: POSIXError(.EROFS))
      #expect(insertion?.description.contains(readOnly) == true)
      #expect(deletion?.description.contains(readOnly) == true)
      #expect(try await sut.retrieve() == cache)
    }
  }

  /// Caches a feed in a store on a new tmpfs, remounts it read-only and runs `body` with a store
  /// over that file and the cache.
  private func onReadOnlyVolume(_ body: (JSONFileFeedStore, CachedFeed) async throws -> Void)
    async throws
  {
    let directory = try TemporaryDirectory.current
    try await OperatingSystemFault.readOnlyVolume.withFaultyDirectory(in: directory) { volume in
      let sut = try JSONFileFeedStore(storeURL: volume.appending(path: "feed.json"))
      let cache = FeedStoreFixtures.uniqueCachedFeed()
      try await sut.insert(cache.feed, timestamp: cache.timestamp)
      try OperatingSystemFault.readOnlyVolume.inject(in: volume)

      try await body(sut, cache)
    }
  }
}
