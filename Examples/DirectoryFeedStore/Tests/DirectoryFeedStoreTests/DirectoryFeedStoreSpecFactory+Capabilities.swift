import DirectoryFeedStore
import FeedStoreSpecs
import Foundation

// The store's real faults, met where it reaches its files, and a second store over one directory.
extension DirectoryFeedStoreSpecFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory {
  func makeStore(sharingStorageWith store: DirectoryFeedStore) -> DirectoryFeedStore {
    DirectoryFeedStore(directory: store.directory, files: FaultyDirectoryFiles())
  }

  /// Writes garbage over the current feed's timestamp file.
  func makeRetrievalFail(for store: DirectoryFeedStore) throws {
    let feed = try StoreDirectory(store.directory).currentFeed()
    try Data("garbage".utf8).write(to: feed.appending(path: "timestamp"))
  }

  /// Makes the store's new directories, new files and renames fail, as on a full disk.
  func makeInsertionFail(for store: DirectoryFeedStore) throws {
    try faultyFiles(of: store).failWrites()
  }

  /// Makes the store's removals fail.
  func makeDeletionFail(for store: DirectoryFeedStore) throws {
    try faultyFiles(of: store).failRemovals()
  }

  private func faultyFiles(of store: DirectoryFeedStore) throws -> FaultyDirectoryFiles {
    guard let files = store.files as? FaultyDirectoryFiles else {
      throw StoreDirectory.Unexpected(problem: "a store of another factory")
    }
    return files
  }
}
