import FeedStoreBackends
import Foundation
import SharedSupport

/// The real file system until a chosen write, where the process "crashes": that write and every
/// later call throw ``SimulatedCrash`` and persist nothing more, as if the process had been killed.
///
/// Writes are counted as a process killed at that moment would have left them: creating a file
/// is one write, each ``chunkSize`` bytes written into it another, and each sync, rename or
/// removal one more. A crash inside a file's contents leaves the file holding the chunks written before.
/// Files are written without `fsync`: a killed process loses nothing the kernel already has, and
/// skipping the sync keeps a sweep over many crash points fast.
///
/// ```swift
/// let store = try JSONFileFeedStore(storeURL: url, fileSystem: CrashingFileSystem(crashPoint: 3))
/// try await store.insert(feed, timestamp: .now)  // throws SimulatedCrash at the fourth write
/// ```
package final class CrashingFileSystem: FileSystem {
  /// Thrown by every call from the crash on.
  package struct SimulatedCrash: Error, CustomStringConvertible {
    package var description: String { "The process crashed here (simulated)" }
  }

  /// How many bytes of a file's contents make one write.
  package static let chunkSize = 1_024

  private let base: any FileSystem
  private let writesLeft: Locked<Int>

  /// Creates a file system that lets `crashPoint` writes through, then crashes.
  ///
  /// - Parameters:
  ///   - crashPoint: How many writes persist; 0 crashes at the first, `Int.max` never.
  ///   - base: The file system that reads, renames and removes; the real one by default.
  package init(crashPoint: Int, base: any FileSystem = LocalFileSystem()) {
    self.writesLeft = Locked(crashPoint)
    self.base = base
  }

  package func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
    try failIfCrashed()
    return try base.contentsOfFile(at: url, maximumSize: maximumSize)
  }

  /// Creates the file where nothing is yet, as the real one does, then writes its contents chunk
  /// by chunk; a crash between chunks leaves the chunks before it in the file.
  package func createFile(at url: URL, contents: Data) throws {
    try spendWrite()
    try base.createFile(at: url, contents: Data())
    var written = 0
    while written < contents.count {
      do {
        try spendWrite()
      } catch {
        try contents.prefix(written).writeUnsynced(to: url)
        throw error
      }
      written = min(written + Self.chunkSize, contents.count)
    }
    try contents.writeUnsynced(to: url)
  }

  package func contentsOfDirectory(at url: URL) throws -> [String] {
    try failIfCrashed()
    return try base.contentsOfDirectory(at: url)
  }

  /// A crash point of its own; the sync itself is skipped, since a killed process loses nothing
  /// the kernel already has.
  package func synchronizeFile(at url: URL) throws {
    try spendWrite()
  }

  /// A crash point of its own; the sync itself is skipped, as for files.
  package func synchronizeDirectory(at url: URL) throws {
    try spendWrite()
  }

  package func withExclusiveLock<Value>(at url: URL, _ body: () throws -> Value) throws -> Value {
    try failIfCrashed()
    return try base.withExclusiveLock(at: url, body)
  }

  package func replaceItem(at destination: URL, withItemAt source: URL) throws {
    try spendWrite()
    try base.replaceItem(at: destination, withItemAt: source)
  }

  package func removeItem(at url: URL) throws {
    try spendWrite()
    try base.removeItem(at: url)
  }

  private func failIfCrashed() throws {
    if writesLeft.current < 0 { throw SimulatedCrash() }
  }

  /// Counts one write, or crashes when none is left.
  private func spendWrite() throws {
    let crashed = writesLeft.withLock { writesLeft in
      writesLeft = writesLeft == .min ? .min : writesLeft - 1
      return writesLeft < 0
    }
    if crashed { throw SimulatedCrash() }
  }
}
