import FeedStoreBackends
import FeedStoreBenchmarkCore

extension BenchmarkedStore {
  /// This package's backends, InMemory, JSONFile and SQLite, to set your stores against; with
  /// them every run also measures the SQLite C API floors.
  ///
  /// Pass them as the references of `BenchmarkCommand.main(benchmarking:references:)`, and
  /// `--references SQLite` (or `all`) runs them beside your store:
  ///
  /// ```swift
  /// await BenchmarkCommand.main(
  ///   benchmarking: DirectoryFeedStoreFactory.init(root:),
  ///   references: BenchmarkedStore.referenceBackends)
  /// ```
  public static let referenceBackends: [BenchmarkedStore] = FeedStoreBackend.all.map { backend in
    BenchmarkedStore(
      name: backend.name,
      floors: backend.name == FeedStoreBackend.sqlite.name ? SQLiteFloor.entries : [],
      makeStore: { try await backend.makeStore(in: $0) }, closeStorage: backend.closeStorage(of:))
  }
}
