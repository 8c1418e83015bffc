import DirectoryFeedStore
import FeedStoreBenchmark

await BenchmarkCommand.main(benchmarking: DirectoryFeedStoreFactory.init(root:))
