import DirectoryFeedStore
import FeedStoreBenchmark
import Foundation

// `directory-feedstore-bench` with a regression planted in the store's insert, for CI to prove
// that `--compare` catches it: its rows carry the real store's name, so the two programs compare
// row by row. Each insert takes `PLANTED_INSERT_SLOWDOWN` percent longer (10 by default); only
// this program reads it, never the store.
let percent = ProcessInfo.processInfo.environment["PLANTED_INSERT_SLOWDOWN"].flatMap(Double.init)
let slowdown = max(percent ?? 10, 0) / 100

await BenchmarkCommand.main(benchmarking: [
  BenchmarkedStore("DirectoryFeedStore") { directory in
    SlowInsertFeedStoreFactory(
      stores: DirectoryFeedStoreFactory(root: directory), slowdown: slowdown)
  }
])
