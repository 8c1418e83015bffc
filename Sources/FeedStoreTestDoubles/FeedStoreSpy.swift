import FeedCache
import Foundation

/// A `FeedStore` for testing the code that uses a store: it records every message it
/// receives, in order, and completes each with the result stubbed for its operation.
///
/// It touches no storage, so it proves what a client *asks*, never what a store *does*; the
/// `FeedStoreSpecs` library checks stores. It is an actor, so a client may message it from many
/// tasks at once.
///
/// ```swift
/// let store = FeedStoreSpy(deletionResult: .failure(anyError))
/// let sut = LocalFeedSaver(store: store)
///
/// try? await sut.save(feed)
///
/// #expect(await store.receivedMessages == [.deleteCachedFeed])
/// ```
public actor FeedStoreSpy: FeedStore {
  /// A message the spy received, with its arguments.
  public enum Message: Hashable, Sendable {
    /// A call of ``FeedStoreSpy/deleteCachedFeed()``.
    case deleteCachedFeed
    /// A call of ``FeedStoreSpy/insert(_:timestamp:)`` with its feed and timestamp.
    case insert([LocalFeedImage], timestamp: Date)
    /// A call of ``FeedStoreSpy/retrieve()``.
    case retrieve
  }

  /// Every message received so far, oldest first.
  public private(set) var receivedMessages: [Message] = []

  private var deletionResult: Result<Void, any Error>
  private var insertionResult: Result<Void, any Error>
  private var retrievalResult: Result<CachedFeed?, any Error>

  /// Creates a spy that completes every call of each operation with the given result.
  ///
  /// - Parameters:
  ///   - retrievalResult: What ``retrieve()`` delivers or throws; nothing cached by default.
  ///   - insertionResult: Whether ``insert(_:timestamp:)`` succeeds or what it throws; success
  ///     by default.
  ///   - deletionResult: Whether ``deleteCachedFeed()`` succeeds or what it throws; success by
  ///     default.
  public init(
    retrievalResult: Result<CachedFeed?, any Error> = .success(nil),
    insertionResult: Result<Void, any Error> = .success(()),
    deletionResult: Result<Void, any Error> = .success(())
  ) {
    self.retrievalResult = retrievalResult
    self.insertionResult = insertionResult
    self.deletionResult = deletionResult
  }

  /// Completes every later ``retrieve()`` with `result`.
  ///
  /// - Parameter result: The cache to deliver, or the error to throw.
  public func stubRetrieval(with result: Result<CachedFeed?, any Error>) {
    retrievalResult = result
  }

  /// Completes every later ``insert(_:timestamp:)`` with `result`.
  ///
  /// - Parameter result: Success, or the error to throw.
  public func stubInsertion(with result: Result<Void, any Error>) {
    insertionResult = result
  }

  /// Completes every later ``deleteCachedFeed()`` with `result`.
  ///
  /// - Parameter result: Success, or the error to throw.
  public func stubDeletion(with result: Result<Void, any Error>) {
    deletionResult = result
  }

  public func deleteCachedFeed() throws {
    receivedMessages.append(.deleteCachedFeed)
    try deletionResult.get()
  }

  public func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    receivedMessages.append(.insert(feed, timestamp: timestamp))
    try insertionResult.get()
  }

  public func retrieve() throws -> CachedFeed? {
    receivedMessages.append(.retrieve)
    return try retrievalResult.get()
  }
}
