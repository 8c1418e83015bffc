import FeedCache
import Foundation

/// A store a benchmark measures: the name its rows show, and how to open a new, empty one.
///
/// Make it from the factory your spec tests use. The benchmark calls `factory` with a new, empty
/// directory each time it needs a store, removes the directory afterwards, and keeps no store
/// beyond the sample or sustained run it was made for:
///
/// ```swift
/// let store = BenchmarkedStore(factory: DirectoryFeedStoreFactory.init(root:))
/// ```
///
/// `BenchmarkCommand.main(benchmarking:references:)` runs a list of them; this package's own
/// backends, to set yours against, are `BenchmarkedStore.referenceBackends`, in the
/// `FeedStoreBenchmarkReferences` product.
public struct BenchmarkedStore: Sendable {
  /// The name the store's rows show, such as `DirectoryFeedStore` in `DirectoryFeedStore insert`.
  public let name: String
  /// Floors that come with the store: measured in every run that can benchmark it, as the SQLite
  /// C API floors come with the SQLite backend.
  package let floors: [WorkloadCatalog.Entry]
  private let makeStoreInDirectory: @Sendable (URL) async throws -> any FeedStore
  private let closeStorageOfStore: @Sendable (any FeedStore) async -> Void

  /// Describes the stores of the factories that `factory` makes.
  ///
  /// - Parameters:
  ///   - name: The name of the store's rows; the name of the factory's `Store` type by default.
  ///   - factory: Makes a factory for a new, empty directory, which the benchmark gives it each
  ///     time it needs a store; a store that keeps files keeps them there. A factory whose store
  ///     keeps nothing on disk ignores the directory: `{ _ in MyStoreFactory() }`.
  public init<Factory: FeedStoreFactory>(
    _ name: String? = nil, factory: @escaping @Sendable (_ directory: URL) throws -> Factory
  ) {
    self.init(
      name: name ?? String(describing: Factory.Store.self),
      makeStore: { directory in try await factory(directory).makeStore() })
  }

  /// Describes a store, its floors, and how to open and close it.
  ///
  /// - Parameters:
  ///   - name: The name of the store's rows.
  ///   - floors: Floors measured in every run that can benchmark the store.
  ///   - makeStore: Opens an empty store whose storage is in the directory it is given.
  ///   - closeStorage: Closes what a store keeps open of its storage; nothing by default.
  package init(
    name: String, floors: [WorkloadCatalog.Entry] = [],
    makeStore: @escaping @Sendable (_ directory: URL) async throws -> any FeedStore,
    closeStorage: @escaping @Sendable (_ store: any FeedStore) async -> Void = { _ in }
  ) {
    (self.name, self.floors) = (name, floors)
    (makeStoreInDirectory, closeStorageOfStore) = (makeStore, closeStorage)
  }

  /// Opens an empty store whose storage is in `directory`.
  ///
  /// - Parameter directory: An existing, empty directory that only this store uses.
  /// - Returns: The store.
  /// - Throws: What the factory throws when the store cannot be made.
  func makeStore(in directory: URL) async throws -> any FeedStore {
    try await makeStoreInDirectory(directory)
  }

  /// Closes what `store` keeps open of its storage, so that the files it leaves can be listed;
  /// a store that closes nothing by itself is simply released afterwards.
  func closeStorage(of store: any FeedStore) async {
    await closeStorageOfStore(store)
  }
}
