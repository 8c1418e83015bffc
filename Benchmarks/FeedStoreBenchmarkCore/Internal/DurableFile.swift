import FeedCacheJSONFile
import Foundation

/// `floor.json` in a directory, replaced durably as a file store replaces its storage.
struct DurableFile: Sendable {
  let destination: URL
  private let temporary: URL
  private let fileSystem = LocalFileSystem()

  init(directory: URL) {
    destination = directory.appending(path: "floor.json")
    temporary = directory.appending(path: "floor.json.tmp")
  }

  /// Writes `payload` to the temporary file, syncs it, and renames it over the destination.
  func write(_ payload: Data) throws {
    try fileSystem.createFile(at: temporary, contents: payload)
    try fileSystem.replaceItem(at: destination, withItemAt: temporary)
  }
}
