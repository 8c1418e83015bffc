import FeedStoreSpecs
import Foundation

/// A fault of the operating system that breaks a directory's writes, as a type, so the
/// capabilities of a ``FaultyDirectoryFeedStoreFactory`` follow from the fault it makes.
package protocol DirectoryFault: Sendable {
  /// The fault to make in the directory.
  static var fault: OperatingSystemFault { get }
}

/// A small tmpfs filled to the last byte: inserts fail with `ENOSPC`, while deletes still free
/// space.
package enum FullDisk: DirectoryFault {
  package static var fault: OperatingSystemFault { .fullDisk }
}

/// A directory marked immutable: nothing in it can be created, renamed or removed, so inserts
/// and deletes of a cache both fail.
package enum ImmutableDirectory: DirectoryFault {
  package static var fault: OperatingSystemFault { .immutableDirectory }
}

/// Makes a backend's stores in a directory that `Fault` breaks for real when a spec asks for a
/// failure, so the failure specs run against the operating system's own errors.
package struct FaultyDirectoryFeedStoreFactory<
  Base: FeedStoreFactory & Codable, Fault: DirectoryFault
>: FailableInsertFeedStoreFactory, Codable {
  private let base: Base
  private let directory: URL

  /// Creates a factory whose stores are `base`'s, in `directory`, where `Fault` is made: a
  /// tmpfs that ``OperatingSystemFault/fullDisk`` prepared, or any directory for an immutable
  /// one.
  ///
  /// - Parameters:
  ///   - base: Makes the stores, in `directory`.
  ///   - directory: The directory to break.
  ///   - fault: The fault to make there.
  package init(base: Base, directory: URL, fault: Fault.Type) {
    self.base = base
    self.directory = directory
  }

  package func makeStore() async throws -> Base.Store {
    try await base.makeStore()
  }

  /// Makes the fault, so every later insert of every store of this factory fails.
  package func makeInsertionFail(for store: Base.Store) throws {
    try Fault.fault.inject(in: directory)
  }
}

extension FaultyDirectoryFeedStoreFactory: FailableDeleteFeedStoreFactory
where Fault == ImmutableDirectory {
  /// Makes the directory immutable, so every later delete of a cache fails.
  package func makeDeletionFail(for store: Base.Store) throws {
    try Fault.fault.inject(in: directory)
  }
}
