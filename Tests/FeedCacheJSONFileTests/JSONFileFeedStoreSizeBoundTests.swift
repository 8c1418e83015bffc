import FeedCache
import FeedCacheJSONFile
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// The store's bound on its file: it writes no cache larger than its `maximumFileSize`, and
/// reads no larger file, which is then its own damaged storage.
///
/// These stores have a small bound, so that a file past it costs nothing; `PlantedStoreFileTests`
/// runs both durable backends over a 3 GiB sparse file at the real one.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreSizeBoundTests {
  // What insert writes, retrieve reads: a cache of exactly the bound is kept.
  @Test func insertAndRetrieve_keepACacheOfExactlyTheBound() async throws {
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    let bound = try await sizeOfCache(cache)
    let sut = try makeSUT(maximumFileSize: bound)

    try await sut.insert(cache.feed, timestamp: cache.timestamp)

    #expect(try await sut.retrieve() == cache)
  }

  @Test func insert_refusesAFeedWhoseCacheWouldBeLargerThanTheBoundAndKeepsThePrevious()
    async throws
  {
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    let bound = try await sizeOfCache(previous)
    let sut = try makeSUT(maximumFileSize: bound)
    try await sut.insert(previous.feed, timestamp: previous.timestamp)
    let larger = CachedFeed(
      feed: previous.feed + FeedStoreFixtures.uniqueImageFeed(count: 1),
      timestamp: previous.timestamp)
    let largerSize = try await sizeOfCache(larger)

    let error = await #expect(throws: JSONFileFeedStoreError.self) {
      try await sut.insert(larger.feed, timestamp: larger.timestamp)
    }

    #expect(error?.reason == .cacheTooLarge(limit: bound))
    #expect(
      error?.description
        == "Cannot insert into the feed cache at \(sut.storeURL.path(percentEncoded: false)): "
        + "the feed's cache would be \(largerSize) bytes, more than the \(bound) bytes a cache of "
        + "the store can be; the previous cache is unchanged.")
    #expect(try await sut.retrieve() == previous)
  }

  @Test func retrieve_reportsAFileLargerThanTheBoundWithItsSize() async throws {
    let cache = FeedStoreFixtures.uniqueCachedFeed()
    let size = try await sizeOfCache(cache)
    let sut = try makeSUT(maximumFileSize: size - 1)
    try await makeSUT().insert(cache.feed, timestamp: cache.timestamp)

    let error = await #expect(throws: JSONFileFeedStoreError.self) { try await sut.retrieve() }

    #expect(error?.reason == .fileTooLarge(bytes: size, limit: size - 1))
  }

  // MARK: - Helpers

  private func makeSUT(
    named name: String = "feed.json", maximumFileSize: Int = JSONFileFeedStore.maximumFileSize
  ) throws -> JSONFileFeedStore {
    try JSONFileFeedStore(
      storeURL: try TemporaryDirectory.current.appending(path: name),
      fileSystem: LocalFileSystem(), maximumFileSize: maximumFileSize)
  }

  /// How many bytes the store's file of `cache` holds, as a store of the real bound writes it.
  private func sizeOfCache(_ cache: CachedFeed) async throws -> Int {
    let store = try makeSUT(named: "measured-\(UUID().uuidString).json")
    try await store.insert(cache.feed, timestamp: cache.timestamp)
    return try Data(contentsOf: store.storeURL).count
  }
}
