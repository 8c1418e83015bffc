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
/// would, and writes a file on each insert, as a store that keeps files does; one that `litters`
/// leaves a new file beside it on each insert.
actor ArrayFeedStore: FeedStore {
  private let file: URL
  private let litters: Bool
  private let mangled: @Sendable ([LocalFeedImage]) -> [LocalFeedImage]
  private var cache: CachedFeed?

  init(
    file: URL, litters: Bool, mangled: @escaping @Sendable ([LocalFeedImage]) -> [LocalFeedImage]
  ) {
    (self.file, self.litters, self.mangled) = (file, litters, mangled)
  }

  func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
    let directory = file.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("\(feed.count)".utf8).write(to: file)
    if litters {
      try Data().write(to: directory.appending(path: "\(UUID().uuidString).tmp"))
    }
    cache = CachedFeed(feed: mangled(feed), timestamp: timestamp)
  }

  func retrieve() -> CachedFeed? {
    cache
  }

  func deleteCachedFeed() {
    cache = nil
  }
}

/// Makes ``ArrayFeedStore``s in a directory, as the factory of an adopter's spec tests does: each
/// store's file is at `fileName()` in it.
struct ArrayFeedStoreFactory: FeedStoreFactory {
  let directory: URL
  var fileName: @Sendable () -> String = { "count" }
  var litters = false
  var mangled: @Sendable ([LocalFeedImage]) -> [LocalFeedImage] = { $0 }

  func makeStore() -> ArrayFeedStore {
    ArrayFeedStore(file: directory.appending(path: fileName()), litters: litters, mangled: mangled)
  }
}
