import FeedCache
import FeedCacheSQLite
import FeedStoreSpecs
import Foundation
import SharedSupport
import Testing

/// The store's bound on its database: no write leaves it larger than its `maximumFileSize`, and
/// a larger file is its own damaged storage, which it does not open.
///
/// These stores have a small bound, so that a file past it costs nothing; `PlantedStoreFileTests`
/// runs both durable backends over a 3 GiB sparse file at the real one.
@Suite(.temporaryDirectory) struct SQLiteFeedStoreSizeBoundTests {
  @Test func insert_refusesAFeedWhoseDatabaseWouldBeLargerThanTheBoundAndKeepsThePrevious()
    async throws
  {
    let sut = try makeSUT()
    let previous = FeedStoreFixtures.uniqueCachedFeed()
    try await sut.insert(previous.feed, timestamp: previous.timestamp)

    let error = await #expect(throws: SQLiteFeedStoreError.self) {
      try await sut.insert(Self.feedPastTheBound, timestamp: .now)
    }

    #expect(error?.reason == .cacheTooLarge(limit: Self.bound))
    let description = error?.description ?? ""
    let path = try storeURL().path(percentEncoded: false)
    #expect(
      description.hasPrefix("Could not insert the feed at \(path): the feed's cache would be "))
    #expect(
      description.hasSuffix(
        " bytes, more than the \(Self.bound) bytes a cache of the store can be; nothing was "
          + "written"))
    #expect(try await sut.retrieve() == previous)
  }

  @Test func insert_neverLeavesTheFileLargerThanTheBound() async throws {
    let sut = try makeSUT()
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    _ = try? await sut.insert(Self.feedPastTheBound, timestamp: .now)

    await sut.closeDatabase()

    #expect(try Data(contentsOf: storeURL()).count <= Self.bound)
  }

  @Test func retrieve_findsAFileLargerThanTheBoundDamagedFromItsSize() async throws {
    let sut = try makeSUT()
    try await sut.insert(FeedStoreFixtures.uniqueImageFeed(), timestamp: .now)
    await sut.closeDatabase()
    let size = try Data(contentsOf: storeURL()).count
    let bounded = try makeSUT(maximumFileSize: size - 1)

    let error = await #expect(throws: SQLiteFeedStoreError.self) { try await bounded.retrieve() }

    #expect(error?.reason == .damagedStorage)
    #expect(
      error?.detail
        == "the file is \(size) bytes, more than the \(size - 1) bytes a cache of the store can "
        + "be, so it was not read")
  }

  // MARK: - Helpers

  /// A bound a few small caches fit in, and ``feedPastTheBound`` does not.
  private static let bound = 64 << 10

  /// 40 images of 2,000 bytes of description each: past ``bound`` with their pages.
  private static let feedPastTheBound = (0..<40).map { _ in
    LocalFeedImage(
      id: UUID(), description: String(repeating: "x", count: 2_000), location: nil,
      url: URL(filePath: "/images/\(UUID().uuidString)"))
  }

  private func makeSUT(maximumFileSize: Int = bound) throws -> SQLiteFeedStore {
    try SQLiteFeedStore(
      storeURL: storeURL(), busyTimeout: SQLiteFeedStore.defaultBusyTimeout,
      maximumFileSize: maximumFileSize)
  }

  private func storeURL() throws -> URL {
    try TemporaryDirectory.current.appending(path: "feed.sqlite")
  }
}
