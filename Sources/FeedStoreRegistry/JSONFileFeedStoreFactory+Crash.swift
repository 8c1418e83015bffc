import FeedStoreBackends
import FeedStoreSpecs
import Foundation

/// Crashes are simulated at the store's file system, ``CrashingFileSystem``, over the real disk.
extension JSONFileFeedStoreFactory: CrashableFeedStoreFactory {
  package func makeStore(sharingStorageWith store: JSONFileFeedStore, crashingAt crashPoint: Int)
    throws -> JSONFileFeedStore
  {
    try JSONFileFeedStore(
      storeURL: store.storeURL, fileSystem: CrashingFileSystem(crashPoint: crashPoint))
  }

  /// Every file in the store's directory whose name contains the store file's, but is not it,
  /// such as `.<name>.<UUID>.tmp`.
  package func strayItems(besideStorageOf store: JSONFileFeedStore) throws -> [String] {
    let name = store.storeURL.lastPathComponent
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0 != name && $0.contains(name) }
  }
}
