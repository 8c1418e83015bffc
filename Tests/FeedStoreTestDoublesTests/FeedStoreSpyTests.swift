import FeedCache
import FeedStoreTestDoubles
import Foundation
import Testing

@Suite struct FeedStoreSpyTests {
  @Test func receivedMessages_recordsEveryMessageInOrder() async throws {
    let cache = uniqueCache()
    let sut = makeSUT()

    _ = try await sut.retrieve()
    try await sut.deleteCachedFeed()
    try await sut.insert(cache.feed, timestamp: cache.timestamp)
    _ = try await sut.retrieve()

    #expect(
      await sut.receivedMessages == [
        .retrieve, .deleteCachedFeed, .insert(cache.feed, timestamp: cache.timestamp), .retrieve,
      ])
  }

  @Test func receivedMessages_recordsEveryConcurrentMessage() async {
    let sut = makeSUT()

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { _ = try? await sut.retrieve() }
      }
    }

    #expect(await sut.receivedMessages == Array(repeating: .retrieve, count: 100))
  }

  @Test func retrieve_deliversStubbedCache() async throws {
    let cache = uniqueCache()
    let sut = makeSUT(retrievalResult: .success(cache))

    let retrieved = try await sut.retrieve()

    #expect(retrieved == cache)
  }

  @Test func insert_throwsStubbedError() async {
    let error = InjectedError()
    let sut = makeSUT(insertionResult: .failure(error))

    await #expect(throws: error) {
      try await sut.insert(uniqueImageFeed(), timestamp: .distantPast)
    }
  }

  @Test func deleteCachedFeed_throwsStubbedError() async {
    let error = InjectedError()
    let sut = makeSUT(deletionResult: .failure(error))

    await #expect(throws: error) {
      try await sut.deleteCachedFeed()
    }
  }

  @Test func stubRetrieval_completesLaterRetrievalsWithNewResult() async {
    let error = InjectedError()
    let sut = makeSUT(retrievalResult: .success(uniqueCache()))

    await sut.stubRetrieval(with: .failure(error))

    await #expect(throws: error) {
      try await sut.retrieve()
    }
  }

  @Test func stubInsertion_completesLaterInsertionsWithNewResult() async {
    let sut = makeSUT(insertionResult: .failure(InjectedError()))

    await sut.stubInsertion(with: .success(()))

    await #expect(throws: Never.self) {
      try await sut.insert(uniqueImageFeed(), timestamp: .distantPast)
    }
  }

  @Test func stubDeletion_completesLaterDeletionsWithNewResult() async {
    let sut = makeSUT(deletionResult: .failure(InjectedError()))

    await sut.stubDeletion(with: .success(()))

    await #expect(throws: Never.self) {
      try await sut.deleteCachedFeed()
    }
  }

  private func makeSUT(
    retrievalResult: Result<CachedFeed?, any Error> = .success(nil),
    insertionResult: Result<Void, any Error> = .success(()),
    deletionResult: Result<Void, any Error> = .success(())
  ) -> FeedStoreSpy {
    FeedStoreSpy(
      retrievalResult: retrievalResult, insertionResult: insertionResult,
      deletionResult: deletionResult)
  }
}
