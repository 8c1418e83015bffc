import FeedCacheJSONFile
import FeedStoreSpecs
import Foundation

/// Makes ``FeedCacheJSONFile/JSONFileFeedStore``s in one directory, with every capability.
///
/// Faults are real: retrieval fails on a file of garbage bytes; insertion and deletion fail in
/// the store's file system, which refuses to create files (`ENOSPC`) or to remove them (`EACCES`)
/// while reads go on working.
package struct JSONFileFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory {
  let directory: URL
  let fileSystem = FaultInjectingFileSystem()

  /// Creates a factory whose stores keep their files in `directory`.
  ///
  /// - Parameter directory: An existing directory that only this factory's stores use.
  package init(directory: URL) {
    self.directory = directory
  }

  package func makeStore() -> JSONFileFeedStore {
    JSONFileFeedStore(
      storeURL: directory.appending(path: "\(UUID().uuidString).json"), fileSystem: fileSystem)
  }

  package func makeStore(sharingStorageWith store: JSONFileFeedStore) -> JSONFileFeedStore {
    JSONFileFeedStore(storeURL: store.storeURL, fileSystem: fileSystem)
  }

  package func makeRetrievalFail(for store: JSONFileFeedStore) throws {
    try Data("not a feed cache".utf8).write(to: store.storeURL)
  }

  /// Makes every store of this factory fail to insert.
  package func makeInsertionFail(for store: JSONFileFeedStore) {
    fileSystem.injectFault(.createFile)
  }

  /// Makes every store of this factory fail to delete.
  package func makeDeletionFail(for store: JSONFileFeedStore) {
    fileSystem.injectFault(.removeItem)
  }
}
