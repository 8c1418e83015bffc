import DirectoryFeedStore
import FeedStoreBenchmark
import Foundation

// `directory-feedstore-bench` with a regression planted in the store's insert or retrieve, for CI
// to prove that `--compare` catches it: its rows carry the real store's name, so the two programs
// compare row by row. Each insert takes `PLANTED_INSERT_SLOWDOWN` percent longer (10 by default),
// each retrieve `PLANTED_RETRIEVE_SLOWDOWN` percent (0 by default); only this program reads them,
// never the store. With both at 0 it differs from `directory-feedstore-bench` only off the
// measured path.
func slowdown(_ name: String, default percent: Double) -> Double {
  let given = ProcessInfo.processInfo.environment[name].flatMap(Double.init)
  return max(given ?? percent, 0) / 100
}
let insertSlowdown = slowdown("PLANTED_INSERT_SLOWDOWN", default: 10)
let retrieveSlowdown = slowdown("PLANTED_RETRIEVE_SLOWDOWN", default: 0)

await BenchmarkCommand.main(benchmarking: [
  BenchmarkedStore("DirectoryFeedStore") { directory in
    PlantedSlowdownFeedStoreFactory(
      stores: DirectoryFeedStoreFactory(root: directory), insertSlowdown: insertSlowdown,
      retrieveSlowdown: retrieveSlowdown)
  }
])
