import FeedCacheJSONFile
import Foundation

/// A file replaced durably, as a file store replaces its storage: a new temporary file written
/// and synced, then renamed over the destination.
struct DurableFile: Sendable {
  let destination: URL
  private let temporary: URL
  private let fileSystem = LocalFileSystem()

  /// A file named `floor.json` in `directory`.
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
