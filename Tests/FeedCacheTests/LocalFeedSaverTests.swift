import FeedCache
import FeedStoreTestDoubles
import Foundation
import Testing

@Suite struct LocalFeedSaverTests {
  @Test func init_doesNotMessageStore() async {
    let (_, store) = makeSUT()

    let messages = await store.receivedMessages

    #expect(messages.isEmpty)
  }

  @Test func save_requestsCacheDeletion() async throws {
    let (sut, store) = makeSUT()

    try await sut.save(uniqueImageFeed())

    #expect(await store.receivedMessages.first == .deleteCachedFeed)
  }

  @Test func save_doesNotRequestCacheInsertionOnDeletionError() async {
    let (sut, store) = makeSUT(deletionResult: .failure(StoreError()))

    try? await sut.save(uniqueImageFeed())

    #expect(await store.receivedMessages == [.deleteCachedFeed])
  }

  @Test func save_requestsCacheInsertionWithClockTimestampOnSuccessfulDeletion() async throws {
    let feed = uniqueImageFeed()
    let (sut, store) = makeSUT()

    try await sut.save(feed)

    #expect(await store.receivedMessages == [.deleteCachedFeed, .insert(feed, timestamp: now)])
  }

  @Test func save_failsOnDeletionError() async {
    let deletionError = StoreError()
    let (sut, _) = makeSUT(deletionResult: .failure(deletionError))

    await #expect(throws: deletionError) {
      try await sut.save(uniqueImageFeed())
    }
  }

  @Test func save_failsOnInsertionError() async {
    let insertionError = StoreError()
    let (sut, _) = makeSUT(insertionResult: .failure(insertionError))

    await #expect(throws: insertionError) {
      try await sut.save(uniqueImageFeed())
    }
  }

  @Test func save_succeedsOnSuccessfulDeletionAndInsertion() async {
    let (sut, _) = makeSUT()

    await #expect(throws: Never.self) {
      try await sut.save(uniqueImageFeed())
    }
  }

  private func makeSUT(
    insertionResult: Result<Void, any Error> = .success(()),
    deletionResult: Result<Void, any Error> = .success(())
  ) -> (sut: LocalFeedSaver, store: FeedStoreSpy) {
    let store = FeedStoreSpy(insertionResult: insertionResult, deletionResult: deletionResult)
    let sut = LocalFeedSaver(store: store, currentDate: { now })
    return (sut, store)
  }
}
