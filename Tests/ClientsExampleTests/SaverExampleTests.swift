import FeedCache
import FeedStoreTestDoubles
import Foundation
import Testing

struct DiskFull: Error {}

@Test func save_doesNotInsertWhenDeletionFails() async {
  let store = FeedStoreSpy(deletionResult: .failure(DiskFull()))
  let sut = LocalFeedSaver(store: store, currentDate: { .distantPast })

  await #expect(throws: DiskFull.self) { try await sut.save([]) }

  #expect(await store.receivedMessages == [.deleteCachedFeed])
}
