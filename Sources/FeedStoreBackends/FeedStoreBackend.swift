import Foundation

/// One backend of this repository, registered once: the benchmark measures every backend in
/// ``all``, and the conformance run checks that each of them has a factory of its own.
///
/// This list knows nothing of the spec library, so the benchmark never links Swift Testing.
package struct FeedStoreBackend: Sendable, CustomStringConvertible {
  /// Which of this repository's backends it is: what code that needs a backend's own types
  /// switches over, so a new backend cannot go without them.
  package enum Kind: CaseIterable, Sendable {
    case inMemory
    case jsonFile
    case sqlite
  }

  /// Which backend it is.
  package let kind: Kind
  /// The backend's short name, as test cases and benchmark rows show it.
  package let name: String
  /// Whether a store made in a directory keeps its cache there for the next store made in it.
  package let isPersistent: Bool
  private let makeStoreInDirectory: @Sendable (URL) async throws -> any FeedStore
  private let prepareStorageOfStore: @Sendable (any FeedStore) async throws -> Void
  private let closeStorageOfStore: @Sendable (any FeedStore) async -> Void

  /// Registers a backend.
  ///
  /// - Parameters:
  ///   - kind: Which backend it is.
  ///   - name: The backend's short name.
  ///   - isPersistent: Whether stores made in one directory share their storage.
  ///   - makeStore: Opens the store whose storage is in the directory it is given, as an app
  ///     does, without touching the disk.
  ///   - prepareStorage: Makes what a store makes on first use, such as a database file, as
  ///     after an app's first launch; nothing by default.
  ///   - closeStorage: Closes what a store keeps open of its storage; nothing by default.
  private init(
    _ kind: Kind,
    _ name: String,
    isPersistent: Bool,
    makeStore: @escaping @Sendable (_ directory: URL) async throws -> any FeedStore,
    prepareStorage: @escaping @Sendable (_ store: any FeedStore) async throws -> Void = { _ in },
    closeStorage: @escaping @Sendable (_ store: any FeedStore) async -> Void = { _ in }
  ) {
    self.kind = kind
    self.name = name
    self.isPersistent = isPersistent
    self.makeStoreInDirectory = makeStore
    self.prepareStorageOfStore = prepareStorage
    self.closeStorageOfStore = closeStorage
  }

  /// Opens the store whose storage is in `directory`: empty the first time, and for a persistent
  /// backend, over the same storage every later time.
  ///
  /// - Parameters:
  ///   - directory: An existing directory that only this backend's stores use.
  ///   - preparingStorage: Whether to make what the store makes on first use (SQLite's database
  ///     file) now, so that a benchmark times the operation and not the file's creation; `false`
  ///     leaves it to the first insert, as in an app's first launch.
  /// - Returns: The store.
  /// - Throws: An error when the store cannot be opened or its storage prepared.
  package func makeStore(in directory: URL, preparingStorage: Bool = true) async throws
    -> any FeedStore
  {
    let store = try await makeStoreInDirectory(directory)
    if preparingStorage { try await prepareStorageOfStore(store) }
    return store
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
  /// Every backend of this repository, one of each kind.
  package static let all: [FeedStoreBackend] = Kind.allCases.map(\.backend)

  package static let inMemory = FeedStoreBackend(.inMemory, "InMemory", isPersistent: false) { _ in
    InMemoryFeedStore()
  }

  package static let jsonFile = FeedStoreBackend(.jsonFile, "JSONFile", isPersistent: true) {
    directory in
    try JSONFileFeedStore(storeURL: directory.appending(path: "feed.json"))
  }

  package static let sqlite = FeedStoreBackend(
    .sqlite, "SQLite", isPersistent: true,
    makeStore: { directory in
      try SQLiteFeedStore(storeURL: directory.appending(path: "feed.sqlite"))
    },
    prepareStorage: { store in try await (store as? SQLiteFeedStore)?.createDatabaseIfNeeded() },
    closeStorage: { store in await (store as? SQLiteFeedStore)?.closeDatabase() })

  /// The registered backend called `name`, ignoring case.
  ///
  /// - Parameter name: A backend's name, such as `sqlite`.
  /// - Returns: The backend, or `nil` when none of ``all`` has that name.
  package static func named(_ name: String) -> FeedStoreBackend? {
    all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }
}

extension FeedStoreBackend.Kind {
  /// The backend of this kind.
  fileprivate var backend: FeedStoreBackend {
    switch self {
    case .inMemory: .inMemory
    case .jsonFile: .jsonFile
    case .sqlite: .sqlite
    }
  }
}
