import FeedCacheJSONFile
import FeedStoreRegistry
import Foundation

/// The real file system, except that every read waits until the test lets it go, and that it
/// tells the test each time a read starts waiting.
///
/// Nothing here waits for a time: a read waits for ``releaseReads(_:)``, and the test waits for
/// ``untilReadsAreWaiting(_:)``, so a slow machine only makes the test slower.
final class BlockingFileSystem: ForwardingFileSystem, @unchecked Sendable {
  // `@unchecked Sendable` is safe: every mutable property is read and written only while
  // `condition` is locked, and `started` is itself `Sendable`.
  let base: any FileSystem = LocalFileSystem()
  private let condition = NSCondition()
  private var releasedReads = 0
  private var waitingReads = 0
  private var mostWaitingReads = 0
  private let (started, starting) = AsyncStream.makeStream(of: Int.self)

  /// The most reads that were ever waiting at the same time.
  var mostConcurrentReads: Int {
    condition.lock()
    defer { condition.unlock() }
    return mostWaitingReads
  }

  /// Lets `count` waiting or future reads go on.
  func releaseReads(_ count: Int) {
    condition.lock()
    releasedReads += count
    condition.broadcast()
    condition.unlock()
  }

  /// Returns once `count` reads are waiting at the same time.
  func untilReadsAreWaiting(_ count: Int) async {
    for await waiting in started where waiting >= count {
      return
    }
  }

  func contentsOfFile(at url: URL, maximumSize: Int) throws -> Data? {
    condition.lock()
    waitingReads += 1
    mostWaitingReads = max(mostWaitingReads, waitingReads)
    starting.yield(waitingReads)
    while releasedReads == 0 {
      condition.wait()
    }
    releasedReads -= 1
    waitingReads -= 1
    condition.unlock()
    return try base.contentsOfFile(at: url, maximumSize: maximumSize)
  }
}
