import FeedStoreBackends
import FeedStoreSpecs
import Foundation

/// Makes ``FeedCacheJSONFile/JSONFileFeedStore``s in one directory, with every capability.
///
/// Faults are real and belong to one store: retrieval fails on a file of garbage bytes;
/// insertion and deletion fail in the store's own file system, which refuses to create files
/// (`ENOSPC`) or to remove them (`EACCES`) while reads go on working. Each store gets a file
/// system of its own, so a fault made for one store, like an I/O error in one process, leaves
/// every other store working, a second one over the same file included.
package struct JSONFileFeedStoreFactory: FailableFeedStoreFactory, PersistentFeedStoreFactory,
  Codable
{
  let directory: URL

  /// Creates a factory whose stores keep their files in `directory`.
  ///
  /// - Parameter directory: An existing directory that only this factory's stores use.
  package init(directory: URL) {
    self.directory = directory
  }

  package func makeStore() throws -> JSONFileFeedStore {
    try JSONFileFeedStore(
      storeURL: directory.appending(path: "\(UUID().uuidString).json"),
      fileSystem: FaultInjectingFileSystem())
  }

  package func makeStore(sharingStorageWith store: JSONFileFeedStore) throws
    -> JSONFileFeedStore
  {
    try JSONFileFeedStore(storeURL: store.storeURL, fileSystem: FaultInjectingFileSystem())
  }

  package func makeRetrievalFail(for store: JSONFileFeedStore) throws {
    try Data("not a feed cache".utf8).write(to: store.storeURL)
  }

  /// Makes `store`'s file system refuse to create files.
  package func makeInsertionFail(for store: JSONFileFeedStore) throws {
    try faultInjection(of: store).injectFault(.createFile)
  }

  /// Makes `store`'s file system refuse to remove files.
  package func makeDeletionFail(for store: JSONFileFeedStore) throws {
    try faultInjection(of: store).injectFault(.removeItem)
  }

  private func faultInjection(of store: JSONFileFeedStore) throws -> FaultInjectingFileSystem {
    guard let fileSystem = store.fileSystem as? FaultInjectingFileSystem else {
      throw ForeignFileSystem(fileSystem: type(of: store.fileSystem))
    }
    return fileSystem
  }
}

/// Thrown when a fault is asked of a store whose file system cannot inject one, such as a store
/// this factory did not make.
private struct ForeignFileSystem: Error, CustomStringConvertible {
  let fileSystem: any FileSystem.Type

  var description: String {
    "A store over \(fileSystem) cannot be made to fail: JSONFileFeedStoreFactory makes its stores "
      + "over a FaultInjectingFileSystem"
  }
}
