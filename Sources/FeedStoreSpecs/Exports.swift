// A factory file imports FeedStoreSpecs and nothing else: the contract's values (`CachedFeed`,
// `LocalFeedImage`, `FeedStore`) and the engine's types (`KnownDeviation`, `TemporaryDirectory`,
// the traits) appear in the spec library's own API, so the library re-exports both modules.
// Adopters declare the `FeedStoreSpecs` product only.
@_exported import ContractSpecs
@_exported import FeedCache
