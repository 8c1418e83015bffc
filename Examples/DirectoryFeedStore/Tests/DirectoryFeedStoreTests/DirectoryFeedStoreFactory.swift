import DirectoryFeedStore
import FeedStoreSpecs
import Foundation
import Testing

/// Makes each store in a directory of its own under `root`, with real faults on its files.
struct DirectoryFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory {
  let root: URL

  func makeStore() -> DirectoryFeedStore {
    let store = DirectoryFeedStore(directory: root.appending(path: UUID().uuidString))
    trackForMemoryLeaks(store)
    return store
  }

  func makeStore(sharingStorageWith store: DirectoryFeedStore) -> DirectoryFeedStore {
    DirectoryFeedStore(directory: store.directory)
  }

  /// Replaces the timestamp file with garbage.
  func makeRetrievalFail(for store: DirectoryFeedStore) throws {
    let feed = store.directory.appending(path: "feed")
    try FileManager.default.createDirectory(at: feed, withIntermediateDirectories: true)
    try Data("garbage".utf8).write(to: feed.appending(path: "timestamp"))
  }

  /// Puts a file where inserts stage the new feed.
  func makeInsertionFail(for store: DirectoryFeedStore) throws {
    try placeFile(at: "incoming", in: store)
  }

  /// Puts a file where deletes move the feed before removing it.
  func makeDeletionFail(for store: DirectoryFeedStore) throws {
    try placeFile(at: "trash", in: store)
  }

  private func placeFile(at name: String, in store: DirectoryFeedStore) throws {
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    try Data("not the store's".utf8).write(to: store.directory.appending(path: name))
  }
}
