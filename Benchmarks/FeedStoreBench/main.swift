import FeedStoreBenchmark
import FeedStoreBenchmarkReferences

// `feedstore-bench`: this package's backends, benchmarked through the library exactly as an
// adopter's executable benchmarks a store of their own.
await BenchmarkCommand.main(benchmarking: BenchmarkedStore.referenceBackends)
