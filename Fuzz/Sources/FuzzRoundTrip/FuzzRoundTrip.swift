import FeedCache
import Foundation
import FuzzSupport

@testable import FeedCacheJSONFile
@testable import FeedCacheSQLite

/// One in-memory database for every input: each insert replaces the whole cache.
///
/// `nonisolated(unsafe)` is safe: libFuzzer calls the entry point from one thread, one input at a
/// time, and nothing else touches the database.
nonisolated(unsafe) private let database = try? FeedDatabase(
  inMemoryWith: .zero, maximumSize: SQLiteFeedStore.maximumFileSize)

/// One input as a feed: whatever each durable store's insert accepts, it reads back exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = FuzzedFeed(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count))

  if let written = try? FeedCacheJSONWriter.encode(feed: input.feed, timestamp: input.timestamp) {
    requireExactlyEqual(
      try? FeedCacheJSONReader.decode(written), input.feed, input.timestamp, "JSON file")
  }

  guard let database else { fatalError("SQLite could not open an in-memory database") }
  if (try? database.insert(input.feed, timestamp: input.timestamp, "fuzz insert")) != nil {
    requireExactlyEqual(
      try? database.retrieve("fuzz retrieve"), input.feed, input.timestamp, "SQLite")
  }
  return 0
}
