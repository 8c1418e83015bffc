import FeedCacheJSONFile
import Foundation

/// Floor (b): what a durable file store must do at least, through the JSON file store's own file
/// primitives (`LocalFileSystem`): write the payload to a new file, `fsync` and close it, and
/// `rename` it into place.
struct WriteFloorWorkload: Workload {
  let fixture: Fixture

  var id: RowID { .writeFloor }

  func prepare(in directory: URL) -> DurableFile {
    DurableFile(directory: directory)
  }

  func run(_ file: DurableFile) throws {
    try file.write(fixture.payload)
  }

  func verify(_ output: Void, of file: DurableFile) throws {
    guard (try? Data(contentsOf: file.destination)) == fixture.payload else {
      throw BenchmarkError("the write floor did not write the whole payload")
    }
  }
}

/// A file replaced durably, as a file store replaces its storage: a new temporary file written
/// and synced, then renamed over the destination.
struct DurableFile: Sendable {
  /// The file that holds the last payload written.
  let destination: URL
  private let temporary: URL
  private let fileSystem = LocalFileSystem()

  /// A file named `floor.json` in `directory`.
  init(directory: URL) {
    destination = directory.appending(path: "floor.json")
    temporary = directory.appending(path: "floor.json.tmp")
  }

  /// Writes `payload` to the temporary file, syncs it, and renames it over the destination.
  ///
  /// - Throws: ``BenchmarkError`` naming the file when a call fails.
  func write(_ payload: Data) throws(BenchmarkError) {
    do {
      try fileSystem.createFile(at: temporary, contents: payload)
      try fileSystem.replaceItem(at: destination, withItemAt: temporary)
    } catch {
      throw BenchmarkError(
        "the write floor failed for \(destination.path(percentEncoded: false)): \(error)")
    }
  }
}
