import FeedCache
import FeedStoreTestDoubles
import Foundation
import Testing

@Suite struct LocalFeedLoaderTests {
  @Test func init_doesNotMessageStore() async {
    let (_, store) = makeSUT()

    let messages = await store.receivedMessages

    #expect(messages.isEmpty)
  }

  @Test func load_requestsCacheRetrieval() async throws {
    let (sut, store) = makeSUT()

    _ = try await sut.load()

    #expect(await store.receivedMessages == [.retrieve])
  }

  @Test func load_failsOnRetrievalError() async {
    let retrievalError = StoreError()
    let (sut, _) = makeSUT(retrievalResult: .failure(retrievalError))

    await #expect(throws: retrievalError) {
      try await sut.load()
    }
  }

  @Test func load_deliversNoImagesOnEmptyCache() async throws {
    let (sut, _) = makeSUT(retrievalResult: .success(nil))

    let images = try await sut.load()

    #expect(images.isEmpty)
  }

  @Test func load_deliversCachedImagesOnCacheOneSecondYoungerThanMaxAge() async throws {
    let cache = cache(aged: maxAge - 1)
    let (sut, _) = makeSUT(retrievalResult: .success(cache))

    let images = try await sut.load()

    #expect(images == cache.feed)
  }

  @Test func load_deliversNoImagesOnCacheOfExactlyMaxAge() async throws {
    let (sut, _) = makeSUT(retrievalResult: .success(cache(aged: maxAge)))

    let images = try await sut.load()

    #expect(images.isEmpty)
  }

  @Test func load_deliversNoImagesOnCacheOneSecondOlderThanMaxAge() async throws {
    let (sut, _) = makeSUT(retrievalResult: .success(cache(aged: maxAge + 1)))

    let images = try await sut.load()

    #expect(images.isEmpty)
  }

  @Test func load_countsMaxAgeInDaysOfGivenCalendar() async throws {
    var newYork = Calendar(identifier: .gregorian)
    newYork.timeZone = try #require(TimeZone(identifier: "America/New_York"))
    // Clocks in New York spring forward on 8 March 2026, so that local week is an hour short.
    let cachedAt = try #require(
      newYork.date(from: DateComponents(year: 2026, month: 3, day: 5, hour: 12)))
    let oneSecondShortOfSevenTimesTwentyFourHours = cachedAt.addingTimeInterval(maxAge - 1)
    let store = FeedStoreSpy(
      retrievalResult: .success(CachedFeed(feed: uniqueImageFeed(), timestamp: cachedAt)))
    let sut = LocalFeedLoader(
      store: store, calendar: newYork, currentDate: { oneSecondShortOfSevenTimesTwentyFourHours })

    let images = try await sut.load()

    #expect(images.isEmpty)
  }

  @Test func load_hasNoSideEffectsOnRetrievalError() async {
    let (sut, store) = makeSUT(retrievalResult: .failure(StoreError()))

    _ = try? await sut.load()

    #expect(await store.receivedMessages == [.retrieve])
  }

  @Test func load_hasNoSideEffectsOnEmptyCache() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(nil))

    _ = try await sut.load()

    #expect(await store.receivedMessages == [.retrieve])
  }

  @Test func load_hasNoSideEffectsOnCacheOneSecondYoungerThanMaxAge() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(cache(aged: maxAge - 1)))

    _ = try await sut.load()

    #expect(await store.receivedMessages == [.retrieve])
  }

  @Test func load_hasNoSideEffectsOnCacheOfExactlyMaxAge() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(cache(aged: maxAge)))

    _ = try await sut.load()

    #expect(await store.receivedMessages == [.retrieve])
  }

  @Test func load_hasNoSideEffectsOnCacheOneSecondOlderThanMaxAge() async throws {
    let (sut, store) = makeSUT(retrievalResult: .success(cache(aged: maxAge + 1)))

    _ = try await sut.load()

    #expect(await store.receivedMessages == [.retrieve])
  }

  /// The spy plays every role, so a loader that reached past its retrieval-only role (by casting
  /// its store, say) would show up here as a delete or an insert.
  private func makeSUT(
    retrievalResult: Result<CachedFeed?, any Error> = .success(nil)
  ) -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
    let store = FeedStoreSpy(retrievalResult: retrievalResult)
    let sut = LocalFeedLoader(store: store, currentDate: { now })
    return (sut, store)
  }
}
