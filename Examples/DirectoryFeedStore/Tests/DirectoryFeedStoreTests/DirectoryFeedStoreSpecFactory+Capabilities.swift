import DirectoryFeedStore
import FeedStoreSpecs
import Foundation

// The factory lives beside the store, where the benchmark uses it too; the capabilities that only
// the specs need, with the store's real faults, are declared here. The spec library finds them at
// run time.
extension DirectoryFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory {
  public func makeStore(sharingStorageWith store: DirectoryFeedStore) -> DirectoryFeedStore {
    DirectoryFeedStore(directory: store.directory)
  }

  /// Replaces the timestamp file with garbage.
  public func makeRetrievalFail(for store: DirectoryFeedStore) throws {
    let feed = store.directory.appending(path: "feed")
    try FileManager.default.createDirectory(at: feed, withIntermediateDirectories: true)
    try Data("garbage".utf8).write(to: feed.appending(path: "timestamp"))
  }

  /// Puts a file where inserts stage the new feed.
  public func makeInsertionFail(for store: DirectoryFeedStore) throws {
    try placeFile(at: "incoming", in: store)
  }

  /// Puts a file where deletes move the feed before removing it.
  public func makeDeletionFail(for store: DirectoryFeedStore) throws {
    try placeFile(at: "trash", in: store)
  }

  private func placeFile(at name: String, in store: DirectoryFeedStore) throws {
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    try Data("not the store's".utf8).write(to: store.directory.appending(path: name))
  }
}
