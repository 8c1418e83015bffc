import FeedStoreSpecs
import Foundation

/// Makes a backend's stores on a tmpfs that ``OperatingSystemFault/fullDisk`` fills to the last
/// byte, so that insertion really fails with `ENOSPC`.
package struct FullDiskFeedStoreFactory<Base: FeedStoreFactory & Codable>:
  FailableInsertFeedStoreFactory, Codable
{
  private let base: Base
  private let directory: URL

  /// Creates a factory whose stores are `base`'s, in `directory` on a tmpfs that
  /// ``OperatingSystemFault/fullDisk`` prepared.
  ///
  /// - Parameters:
  ///   - base: Makes the stores, in `directory`.
  ///   - directory: The tmpfs.
  package init(base: Base, directory: URL) {
    self.base = base
    self.directory = directory
  }

  package func makeStore() async throws -> Base.Store {
    try await base.makeStore()
  }

  /// Fills the disk, so every later write of every store of this factory fails with `ENOSPC`.
  package func makeInsertionFail(for store: Base.Store) throws {
    try OperatingSystemFault.fullDisk.inject(in: directory)
  }
}
