import FeedCache
import FeedStoreTestDoubles
import Foundation
import Testing

/// Why ``FaultInjectingFeedStore`` is for testing clients only, and never for a store's failable
/// capabilities: the same broken store passes a "no side effects on a failed insert" check
/// through the decorator, and fails it with a real fault.
@Suite struct FaultInjectingFeedStoreMisuseTests {
  @Test func decoratorFault_hidesAStoreThatLosesItsCacheOnAFailedInsert() async throws {
    let (previous, store) = makeSUT()
    let sut = FaultInjectingFeedStore(
      decorating: store, faults: [.failing(.every(.insert), with: InjectedError())])

    let failed = await insertFails(into: sut)

    #expect(failed)
    #expect(try await sut.retrieve() == previous)
  }

  @Test func realFault_revealsAStoreThatLosesItsCacheOnAFailedInsert() async throws {
    let (previous, sut) = makeSUT()
    await sut.breakStorage()

    let failed = await insertFails(into: sut)

    #expect(failed)
    #expect(await sut.retrieve() != previous)
  }

  private func insertFails(into store: some FeedStore) async -> Bool {
    do {
      try await store.insert(uniqueImageFeed(), timestamp: .distantFuture)
      return false
    } catch {
      return true
    }
  }

  private func makeSUT() -> (previous: CachedFeed, store: CacheLosingFeedStore) {
    let previous = uniqueCache()
    return (previous, CacheLosingFeedStore(cache: previous))
  }
}
