import FeedCache
import FeedCacheInMemory
import FeedStoreTestDoubles
import Testing

@Test func load_stopsWithCancellationErrorWhenCancelledDuringSlowRetrieval() async {
  let slowStore = FaultInjectingFeedStore(
    decorating: InMemoryFeedStore(), faults: [.delaying(.every(.retrieve), by: .seconds(60))])
  let loading = Task { try await LocalFeedLoader(store: slowStore).load() }

  loading.cancel()

  await #expect(throws: CancellationError.self) { try await loading.value }
}
