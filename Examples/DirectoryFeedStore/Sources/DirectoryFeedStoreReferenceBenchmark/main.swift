import DirectoryFeedStore
import FeedStoreBenchmark
import FeedStoreBenchmarkReferences

await BenchmarkCommand.main(
  benchmarking: DirectoryFeedStoreFactory.init(root:),
  references: BenchmarkedStore.referenceBackends)
