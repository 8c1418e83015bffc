import FeedStoreSpecs
import Foundation

/// Makes a backend's stores in a directory that ``OperatingSystemFault/immutableDirectory`` makes
/// refuse every change: no file can be created, renamed or removed in it.
package struct ImmutableDirectoryFeedStoreFactory<Base: FeedStoreFactory & Codable>:
  FailableInsertFeedStoreFactory, FailableDeleteFeedStoreFactory, Codable
{
  private let base: Base
  private let directory: URL

  /// Creates a factory whose stores are `base`'s, in `directory`.
  ///
  /// - Parameters:
  ///   - base: Makes the stores, in `directory`.
  ///   - directory: The directory to make immutable.
  package init(base: Base, directory: URL) {
    self.base = base
    self.directory = directory
  }

  package func makeStore() async throws -> Base.Store {
    try await base.makeStore()
  }

  /// Makes the directory immutable, so every later insert of every store of this factory fails.
  package func makeInsertionFail(for store: Base.Store) throws {
    try OperatingSystemFault.immutableDirectory.inject(in: directory)
  }

  /// Makes the directory immutable, so every later delete of a cache fails.
  package func makeDeletionFail(for store: Base.Store) throws {
    try OperatingSystemFault.immutableDirectory.inject(in: directory)
  }
}
