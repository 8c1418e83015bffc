import FeedCache
import FeedCacheInMemory
import FeedCacheJSONFile
import FeedCacheSQLite
import Foundation

/// One backend of this repository, registered once: the benchmark measures every backend in
/// ``all``, and the conformance run checks that each of them has a factory of its own.
///
/// This list knows nothing of the spec library, so the benchmark never links Swift Testing.
package struct FeedStoreBackend: Sendable, CustomStringConvertible {
  /// The backend's short name, as test cases and benchmark rows show it.
  package let name: String
  /// Whether a store made in a directory keeps its cache there for the next store made in it.
  package let isPersistent: Bool
  private let makeStoreInDirectory: @Sendable (URL) async throws -> any FeedStore
  private let closeStorageOfStore: @Sendable (any FeedStore) async -> Void

  /// Registers a backend.
  ///
  /// - Parameters:
  ///   - name: The backend's short name.
  ///   - isPersistent: Whether stores made in one directory share their storage.
  ///   - makeStore: Opens the store whose storage is in the directory it is given.
  ///   - closeStorage: Closes what a store keeps open of its storage; nothing by default.
  package init(
    _ name: String,
    isPersistent: Bool,
    makeStore: @escaping @Sendable (_ directory: URL) async throws -> any FeedStore,
    closeStorage: @escaping @Sendable (_ store: any FeedStore) async -> Void = { _ in }
  ) {
    self.name = name
    self.isPersistent = isPersistent
    self.makeStoreInDirectory = makeStore
    self.closeStorageOfStore = closeStorage
  }

  /// Opens the store whose storage is in `directory`: empty the first time, and for a persistent
  /// backend, over the same storage every later time.
  ///
  /// - Parameter directory: An existing directory that only this backend's stores use.
  /// - Returns: The store.
  /// - Throws: An error when the store cannot be opened.
  package func makeStore(in directory: URL) async throws -> any FeedStore {
    try await makeStoreInDirectory(directory)
  }

  /// Closes what `store` keeps open of its storage, so that its files stay as they are until
  /// it is used again: a store that merely goes away closes them later, on its own queue.
  ///
  /// For code that looks at a store's files after using it, such as the benchmark's leftover
  /// check and the kill tests.
  ///
  /// - Parameter store: A store this backend made.
  package func closeStorage(of store: any FeedStore) async {
    await closeStorageOfStore(store)
  }

  package var description: String { name }
}

extension FeedStoreBackend {
  /// Every backend of this repository.
  package static let all: [FeedStoreBackend] = [inMemory, jsonFile, sqlite]

  package static let inMemory = FeedStoreBackend("InMemory", isPersistent: false) { _ in
    InMemoryFeedStore()
  }

  package static let jsonFile = FeedStoreBackend("JSONFile", isPersistent: true) { directory in
    JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
  }

  package static let sqlite = FeedStoreBackend(
    "SQLite", isPersistent: true,
    makeStore: { directory in
      let store = try SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
      // The file is made on first use; make it now, as after an app's first launch, so the
      // benchmark times the operation and not the file's creation.
      try await store.createDatabaseIfNeeded()
      return store
    },
    closeStorage: { store in await (store as? SQLiteFeedStore)?.closeDatabase() })

  /// The registered backend called `name`, ignoring case.
  ///
  /// - Parameter name: A backend's name, such as `sqlite`.
  /// - Returns: The backend, or `nil` when none of ``all`` has that name.
  package static func named(_ name: String) -> FeedStoreBackend? {
    all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }
}
