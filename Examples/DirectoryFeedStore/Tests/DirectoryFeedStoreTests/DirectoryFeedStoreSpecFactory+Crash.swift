import DirectoryFeedStore
import FeedStoreSpecs
import Foundation

// A crash is made at the store's boundary: its files stop persisting after the crash point.
extension DirectoryFeedStoreSpecFactory: CrashableFeedStoreFactory {
  func makeStore(sharingStorageWith store: DirectoryFeedStore, crashingAt crashPoint: Int)
    -> DirectoryFeedStore
  {
    DirectoryFeedStore(
      directory: store.directory, files: CrashingDirectoryFiles(crashPoint: crashPoint))
  }

  /// Everything in the store's directory but its lock file, `current` and the feed it names.
  func strayItems(besideStorageOf store: DirectoryFeedStore) throws -> [String] {
    try StoreDirectory(store.directory).strayItems()
  }
}
