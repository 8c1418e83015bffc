import FeedStoreSpecs
import Foundation
import MyFeedCache

struct MyFeedStoreFactory: FailableRetrieveFeedStoreFactory, PersistentFeedStoreFactory {
  let directory: URL

  func makeStore() -> MyFeedStore {
    MyFeedStore(fileURL: directory.appending(path: "\(UUID().uuidString).json"))
  }

  func makeStore(sharingStorageWith store: MyFeedStore) -> MyFeedStore {
    MyFeedStore(fileURL: store.fileURL)
  }

  func makeRetrievalFail(for store: MyFeedStore) throws {
    try Data("not JSON".utf8).write(to: store.fileURL)
  }
}
