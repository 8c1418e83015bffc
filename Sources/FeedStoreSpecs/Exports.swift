// `FeedStoreFactory` lives in the domain module, `FeedCache`, so that one factory serves the specs
// and the benchmark, which must not link Swift Testing. Re-exported here, so that a test file
// that imports only `FeedStoreSpecs` still sees it, and the rest of the contract, as before.
@_exported import FeedCache
