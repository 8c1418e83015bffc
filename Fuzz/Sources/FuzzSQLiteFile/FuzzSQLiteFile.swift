import FeedCache
import Foundation
import FuzzSupport

@testable import FeedCacheSQLite

/// This process's scratch database, with its side files removed before each input.
private let path = FileManager.default.temporaryDirectory
  .appending(path: "feedstore-fuzz-\(getpid()).sqlite").path(percentEncoded: false)

/// The first bytes of an input that holds a write-ahead log beside the database.
///
/// Then come the database's length as 4 big-endian bytes, the database, and the log. Any other
/// input is the database alone.
private let logInputTag = Array("feedstore-db+log\n".utf8)

/// One input as the store's file, and its write-ahead log when it has one: retrieve throws or
/// delivers, never traps or hangs; insert replaces the file or refuses it, and a file it replaced
/// reads back exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLiteFile(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  for suffix in FeedStorageFile.sideFileSuffixes + [""] { unlink(path + suffix) }
  let bytes = start.map { Data(bytes: $0, count: count) } ?? Data()
  let (database, log) = split(bytes)
  write(database, to: path)
  if let log { write(log, to: path + "-wal") }
  var storage = FeedStorage(
    file: FeedStorageFile(
      path: path, busyTimeout: .zero, maximumSize: SQLiteFeedStore.maximumFileSize))
  _ = try? storage.retrieve()

  let feed = [
    LocalFeedImage(
      id: UUID(), description: "fuzz", location: nil,
      url: URL(string: "https://images.example.com/fuzz.jpg")!)
  ]
  let timestamp = Date(timeIntervalSinceReferenceDate: 1)
  if (try? storage.insert(feed, timestamp: timestamp)) != nil {
    var reopened = FeedStorage(
      file: FeedStorageFile(
        path: path, busyTimeout: .zero, maximumSize: SQLiteFeedStore.maximumFileSize))
    requireExactlyEqual(try? reopened.retrieve(), feed, timestamp, "SQLite")
  }
  return 0
}

/// The database and the log of an input that holds both, or the whole input as the database;
/// a length past the end takes what there is.
private func split(_ input: Data) -> (database: Data, log: Data?) {
  let header = logInputTag.count + 4
  guard input.count >= header, input.starts(with: logInputTag) else { return (input, nil) }
  let length = input[input.startIndex + logInputTag.count..<input.startIndex + header]
    .reduce(0) { $0 << 8 | Int($1) }
  let databaseEnd = input.startIndex + header + min(length, input.count - header)
  return (input[input.startIndex + header..<databaseEnd], input[databaseEnd...])
}

private func write(_ bytes: Data, to path: String) {
  guard FileManager.default.createFile(atPath: path, contents: bytes) else {
    fatalError("cannot write the scratch file at \(path)")
  }
}
