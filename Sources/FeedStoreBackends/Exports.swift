// Every backend of this repository, once: a module that imports FeedStoreBackends, such as the
// registry of their factories or a test of their use cases, sees each backend's types and the
// contract's through this one import, as the list of backends names them all.
@_exported import FeedCache
@_exported import FeedCacheInMemory
@_exported import FeedCacheJSONFile
@_exported import FeedCacheSQLite
