import FeedStoreSpecs
import SharedSupport

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
  let reached = Locked(false)

  func makeStore() -> TrappingFeedStore {
    TrappingFeedStore { [operation, reached] in
      if $0 == operation { reached.withLock { $0 = true } }
    }
  }
}
