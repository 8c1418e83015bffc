import FeedCache
import FeedStoreTestDoubles
import Foundation
import Testing

@Suite struct LocalFeedCacheValidatorTests {
  @Test func init_doesNotMessageStore() async {
    let (_, store) = makeSUT()

    let messages = await store.receivedMessages

    #expect(messages.isEmpty)
  }

  @Test func validateCache_deletesCacheOnRetrievalError() async throws {
    let (sut, store) = makeSUT(retrievalResult: .failure(StoreError()))

    try await sut.validateCache()

    #expect(await store.receivedMessages == [.retrieve, .deleteCachedFeed])
  }

  @Test func validateCache_doesNotDeleteEmptyCache() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(nil))

    try await sut.validateCache()

    #expect(await store.receivedMessages == [.retrieve])
  }

  @Test func validateCache_doesNotDeleteCacheOneSecondYoungerThanMaxAge() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(cache(aged: maxAge - 1)))

    try await sut.validateCache()

    #expect(await store.receivedMessages == [.retrieve])
  }

  @Test func validateCache_deletesCacheOfExactlyMaxAge() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(cache(aged: maxAge)))

    try await sut.validateCache()

    #expect(await store.receivedMessages == [.retrieve, .deleteCachedFeed])
  }

  @Test func validateCache_deletesCacheOneSecondOlderThanMaxAge() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(cache(aged: maxAge + 1)))

    try await sut.validateCache()

    #expect(await store.receivedMessages == [.retrieve, .deleteCachedFeed])
  }

  @Test func validateCache_failsOnDeletionErrorOfExpiredCache() async {
    let deletionError = StoreError()
    let (sut, _) = makeSUT(
      retrievalResult: .success(cache(aged: maxAge)), deletionResult: .failure(deletionError))

    await #expect(throws: deletionError) {
      try await sut.validateCache()
    }
  }

  private func makeSUT(
    retrievalResult: Result<CachedFeed?, any Error> = .success(nil),
    deletionResult: Result<Void, any Error> = .success(())
  ) -> (sut: LocalFeedCacheValidator, store: FeedStoreSpy) {
    let store = FeedStoreSpy(retrievalResult: retrievalResult, deletionResult: deletionResult)
    let sut = LocalFeedCacheValidator(store: store, currentDate: { now })
    return (sut, store)
  }
}
