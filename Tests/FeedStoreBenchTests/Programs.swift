import FeedCache
import FeedStoreBenchmarkCore
import FeedStoreBenchmarkReferences
import Foundation

/// `feedstore-bench`: this package's backends as its own stores, as its `main` passes them.
let feedStoreBench = BenchmarkProgram(
  name: "feedstore-bench", stores: BenchmarkedStore.referenceBackends, references: [])

/// A program as an adopter writes it: a store of its own, from its spec tests' kind of factory,
/// and this package's backends as references.
let adopterBench = BenchmarkProgram(
  name: "my-store-bench",
  stores: [BenchmarkedStore(factory: { ArrayFeedStoreFactory(directory: $0) })],
  references: BenchmarkedStore.referenceBackends)

/// A program as an adopter writes it without the references product: its store only.
let storeOnlyBench = BenchmarkProgram(
  name: "my-store-bench",
  stores: [BenchmarkedStore(factory: { ArrayFeedStoreFactory(directory: $0) })],
  references: [])

/// An adopter's store: it keeps the feed it was given, or a copy `mangled` as a broken store
/// would, and writes a file into its directory on each insert, as a store that keeps files does.
actor ArrayFeedStore: FeedStore {
  private let directory: URL
  private let mangled: @Sendable ([LocalFeedImage]) -> [LocalFeedImage]
  private var cache: CachedFeed?

  init(directory: URL, mangled: @escaping @Sendable ([LocalFeedImage]) -> [LocalFeedImage]) {
    (self.directory, self.mangled) = (directory, mangled)
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    try Data("\(feed.count)".utf8).write(to: directory.appending(path: "count"))
    cache = CachedFeed(feed: mangled(feed), timestamp: timestamp)
  }

  func retrieve() -> CachedFeed? {
    cache
  }

  func deleteCachedFeed() {
    cache = nil
  }
}

/// Makes ``ArrayFeedStore``s in a directory, as the factory of an adopter's spec tests does.
struct ArrayFeedStoreFactory: FeedStoreFactory {
  let directory: URL
  var mangled: @Sendable ([LocalFeedImage]) -> [LocalFeedImage] = { $0 }

  func makeStore() -> ArrayFeedStore {
    ArrayFeedStore(directory: directory, mangled: mangled)
  }
}
