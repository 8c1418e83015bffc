import FeedStoreBackends
import Foundation

/// The child process of the kill test: inserts a large feed into a backend's store, so the test
/// can kill it with `SIGKILL` at any moment of the insert and check what the storage holds.
///
/// Run as `FeedStoreCrashWriter BACKEND DIRECTORY SEED COUNT [--new-storage]`. It makes the feed
/// of ``CrashFeed/make(seed:count:)``, opens the backend's store in `DIRECTORY` (with its storage
/// prepared, as after an app's first launch, unless `--new-storage` leaves that to the insert,
/// which is then the storage's first), prints ``readyLine`` just before the insert starts,
/// inserts, and prints ``insertedPrefix`` followed by the insert's duration in nanoseconds. Exit
/// status 0 on success, 1 when the insert fails, 2 for malformed arguments.
@main
package enum CrashWriter {
  /// The name of the built executable.
  package static let executableName = "FeedStoreCrashWriter"
  /// The line printed once the feed is made and the store open, just before the insert.
  package static let readyLine = "ready"
  /// The start of the line printed after the insert, before its duration in nanoseconds.
  package static let insertedPrefix = "inserted "

  /// The arguments for inserting `count` images made from `seed` into `backend`'s store in
  /// `directory`.
  ///
  /// - Parameters:
  ///   - backend: A name of ``FeedStoreBackends/FeedStoreBackend``.
  ///   - directory: The directory of the store.
  ///   - seed: The seed of the feed to insert.
  ///   - count: How many images to insert.
  ///   - intoNewStorage: Whether the insert is the first into the directory, which creates the
  ///     storage (SQLite's database file), rather than one into storage prepared beforehand.
  /// - Returns: The child's arguments, without the executable.
  package static func arguments(
    backend: String, directory: URL, seed: UInt64, count: Int, intoNewStorage: Bool = false
  ) -> [String] {
    [backend, directory.path(percentEncoded: false), String(seed), String(count)]
      + (intoNewStorage ? [newStorageOption] : [])
  }

  /// The option that leaves creating the storage to the insert.
  private static let newStorageOption = "--new-storage"

  static func main() async {
    exit(await run(Array(CommandLine.arguments.dropFirst())))
  }

  private static func run(_ arguments: [String]) async -> Int32 {
    let options = arguments.dropFirst(4)
    guard arguments.count >= 4, let backend = FeedStoreBackend.named(arguments[0]),
      let seed = UInt64(arguments[2]), let count = Int(arguments[3]), count >= 0,
      options.allSatisfy({ $0 == newStorageOption }), options.count <= 1
    else {
      printToStandardError(
        "usage: \(executableName) BACKEND DIRECTORY SEED COUNT [\(newStorageOption)], BACKEND "
          + "one of " + FeedStoreBackend.all.map(\.name).joined(separator: ", "))
      return 2
    }
    let directory = URL(filePath: arguments[1], directoryHint: .isDirectory)
    let cache = CrashFeed.make(seed: seed, count: count)
    do {
      let store = try await backend.makeStore(in: directory, preparingStorage: options.isEmpty)
      printLine(readyLine)
      let start = ContinuousClock.now
      try await store.insert(cache.feed, timestamp: cache.timestamp)
      let elapsed = (ContinuousClock.now - start).components
      let nanoseconds = elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000
      printLine(insertedPrefix + String(nanoseconds))
      return 0
    } catch {
      printToStandardError("\(executableName): \(backend.name) in \(directory.path()): \(error)")
      return 1
    }
  }

  /// Writes `line` at once, unbuffered, so the parent reads it the moment it is printed.
  private static func printLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  private static func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
