import FeedCache
import Foundation
import FuzzSupport

@testable import FeedCacheJSONFile

/// One input: the reader throws or delivers a feed, and what it delivers the writer writes back
/// to the same feed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  guard let read = try? FeedCacheJSONReader.decode(data) else { return 0 }
  guard let written = try? FeedCacheJSONWriter.encode(feed: read.feed, timestamp: read.timestamp)
  else { fatalError("the writer refused a feed the reader delivered: \(read)") }
  guard let reread = try? FeedCacheJSONReader.decode(written) else {
    fatalError("the reader refused what the writer wrote for \(read)")
  }
  requireExactlyEqual(reread, read.feed, read.timestamp, "JSON file")
  return 0
}
