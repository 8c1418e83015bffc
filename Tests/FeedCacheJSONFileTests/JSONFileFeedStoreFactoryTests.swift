import FeedCache
import FeedStoreRegistry
import FeedStoreSpecs
import Foundation
import Testing

/// The conformance factory's faults belong to the store they are made for, as the failable
/// capabilities promise: another store, even one over the same file, keeps working.
@Suite(.temporaryDirectory) struct JSONFileFeedStoreFactoryTests {
  @Test func insertionFault_breaksOnlyTheStoreItWasMadeFor() async throws {
    let sut = try makeSUT()
    let broken = try sut.makeStore()
    let other = try sut.makeStore(sharingStorageWith: broken)
    let feed = FeedStoreFixtures.uniqueCachedFeed()

    try sut.makeInsertionFail(for: broken)

    await #expect(throws: (any Error).self) {
      try await broken.insert(feed.feed, timestamp: feed.timestamp)
    }
    try await other.insert(feed.feed, timestamp: feed.timestamp)
  }

  @Test func deletionFault_breaksOnlyTheStoreItWasMadeFor() async throws {
    let sut = try makeSUT()
    let broken = try sut.makeStore()
    let other = try sut.makeStore(sharingStorageWith: broken)
    let feed = FeedStoreFixtures.uniqueCachedFeed()
    try await broken.insert(feed.feed, timestamp: feed.timestamp)

    try sut.makeDeletionFail(for: broken)

    await #expect(throws: (any Error).self) { try await broken.deleteCachedFeed() }
    try await other.deleteCachedFeed()
  }

  private func makeSUT() throws -> JSONFileFeedStoreFactory {
    JSONFileFeedStoreFactory(directory: try TemporaryDirectory.current)
  }
}
