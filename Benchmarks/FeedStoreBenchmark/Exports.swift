// The benchmark's engine is a module of its own, which its tests import, so that they never link
// the malloc-counting shim of this module. Re-exported here, so that an executable that imports
// `FeedStoreBenchmark` sees `BenchmarkCommand` and `BenchmarkedStore` without a second import.
@_exported import FeedStoreBenchmarkCore
