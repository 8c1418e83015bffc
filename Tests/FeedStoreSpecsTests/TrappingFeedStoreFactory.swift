import FeedStoreSpecs
import Foundation

/// Makes ``TrappingFeedStore``s that trap, as a `fatalError` does, when they start `operation`:
/// `Codable`, so each spec can run in a child process of its own.
struct TrappingFeedStoreFactory: FeedStoreFactory, Codable {
  let operation: FeedStoreOperation

  func makeStore() -> TrappingFeedStore {
    TrappingFeedStore { [operation] reached in
      if reached == operation {
        fatalError("TrappingFeedStore traps on \(operation)")
      }
    }
  }
}

/// Makes ``TrappingFeedStore``s that record, instead of trapping, whether any of them started
/// `operation`: which specs reach it.
struct ReachRecordingFeedStoreFactory: FeedStoreFactory {
  let operation: FeedStoreOperation
  let reached = ReachedFlag()

  func makeStore() -> TrappingFeedStore {
    TrappingFeedStore { [operation, reached] in
      if $0 == operation { reached.set() }
    }
  }
}

/// Whether something happened, set from any thread.
///
/// `@unchecked Sendable` is safe: `happened` is read and written only while `lock` is held.
final class ReachedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var happened = false

  func set() {
    lock.withLock { happened = true }
  }

  var isSet: Bool { lock.withLock { happened } }
}
