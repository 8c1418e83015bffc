import FeedCache
import Foundation
import FuzzSupport

@testable import FeedCacheSQLite

/// This process's scratch database, with its side files removed before each input.
private let path = FileManager.default.temporaryDirectory
  .appending(path: "feedstore-fuzz-\(getpid()).sqlite").path(percentEncoded: false)

/// One input as the store's file: retrieve throws or delivers, never traps or hangs; insert
/// replaces the file or refuses it, and a file it replaced reads back exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLiteFile(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  for suffix in FeedStorageFile.sideFileSuffixes + [""] { unlink(path + suffix) }
  let bytes = start.map { Data(bytes: $0, count: count) } ?? Data()
  guard FileManager.default.createFile(atPath: path, contents: bytes) else {
    fatalError("cannot write the scratch database at \(path)")
  }
  var storage = FeedStorage(file: FeedStorageFile(path: path, busyTimeout: .zero))
  _ = try? storage.retrieve()

  let feed = [
    LocalFeedImage(
      id: UUID(), description: "fuzz", location: nil,
      url: URL(string: "https://images.example.com/fuzz.jpg")!)
  ]
  let timestamp = Date(timeIntervalSinceReferenceDate: 1)
  if (try? storage.insert(feed, timestamp: timestamp)) != nil {
    var reopened = FeedStorage(file: FeedStorageFile(path: path, busyTimeout: .zero))
    requireExactlyEqual(try? reopened.retrieve(), feed, timestamp, "SQLite")
  }
  return 0
}
