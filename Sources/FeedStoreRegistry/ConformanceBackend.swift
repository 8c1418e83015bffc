import FeedStoreBackends
import FeedStoreSpecs
import Foundation

/// One backend of this repository as the conformance run checks it: its name and the factory
/// whose capabilities choose its specs.
///
/// Every backend in `FeedStoreBackend.all` has one, as ``init(checking:)`` makes it: a backend
/// added there without a factory here does not compile.
package struct ConformanceBackend: Sendable, CustomStringConvertible {
  /// The backend's name, as `FeedStoreBackend` registers it.
  package let name: String
  /// The capabilities the backend's factory provides, as `isProvided(by:)` finds them.
  package let capabilities: [FeedStoreCapability]
  /// The specs the backend is known not to pass yet: they run, and show as known issues.
  package let knownDeviations: [KnownDeviation]
  /// Every spec this backend must pass, each ready to run in a directory of its own.
  package let conformanceCases: [FeedStoreConformanceCase]
  /// The specs of this backend's capabilities that its format cannot have, with the reason.
  package let notApplicableCases: [FeedStoreNotApplicableCase]

  init<Factory: FeedStoreFactory & Codable>(
    _ name: String,
    onlyFailureSpecs: Bool = false,
    knownDeviations: [KnownDeviation] = [],
    makeFactory: @escaping @Sendable (_ directory: URL) -> Factory
  ) {
    self.name = name
    self.capabilities = FeedStoreCapability.all.filter { $0.isProvided(by: Factory.self) }
    self.knownDeviations = knownDeviations
    // A factory that only makes a fault real adds the fault's capabilities to the core ones,
    // which its base backend's own run already checks.
    let specs = FeedStoreSpec.all(for: Factory.self).filter {
      !onlyFailureSpecs || $0.capability != FeedStoreCapability(FeedStoreCatalog.core)
    }
    self.conformanceCases = specs.map { spec in
      FeedStoreConformanceCase(
        backend: name, spec: spec, knownDeviations: knownDeviations, makeFactory: makeFactory)
    }
    self.notApplicableCases = FeedStoreSpec.notApplicable(for: Factory.self).map {
      FeedStoreNotApplicableCase(backend: name, specID: $0.spec.id, reason: $0.reason)
    }
  }

  package var description: String { name }
}

extension ConformanceBackend {
  /// Every backend of this repository, `FeedStoreBackend.all`, with its factory.
  package static let all: [ConformanceBackend] = FeedStoreBackend.all.map(Self.init(checking:))

  /// The conformance run of `backend`, with the factory of its kind.
  private init(checking backend: FeedStoreBackend) {
    switch backend.kind {
    case .inMemory:
      self.init(backend.name) { _ in InMemoryFeedStoreFactory() }
    case .jsonFile:
      self.init(backend.name, makeFactory: JSONFileFeedStoreFactory.init(directory:))
    case .sqlite:
      self.init(backend.name, makeFactory: SQLiteFeedStoreFactory.init(directory:))
    }
  }

  /// Our durable backends, each in a directory where `fault` breaks them for real, with only the
  /// failure specs the fault can prove.
  ///
  /// An immutable directory does not stop SQLite: its open log and index files take writes
  /// without any file being created, so SQLite runs only on the full disk. None runs on a
  /// read-only volume: it is remounted read-only only when nothing on it is open for writing,
  /// which SQLite's database is all along a failure spec; the backends' own tests use it.
  ///
  /// - Parameter fault: The operating-system fault.
  /// - Returns: One backend per durable backend the fault breaks.
  package static func under(_ fault: OperatingSystemFault) -> [ConformanceBackend] {
    switch fault {
    case .fullDisk:
      [
        ConformanceBackend("JSONFile on a full disk", onlyFailureSpecs: true) {
          FaultyDirectoryFeedStoreFactory(
            base: JSONFileFeedStoreFactory(directory: $0), directory: $0, fault: FullDisk.self)
        },
        ConformanceBackend("SQLite on a full disk", onlyFailureSpecs: true) {
          FaultyDirectoryFeedStoreFactory(
            base: SQLiteFeedStoreFactory(directory: $0), directory: $0, fault: FullDisk.self)
        },
      ]
    case .immutableDirectory:
      [
        ConformanceBackend("JSONFile in an immutable directory", onlyFailureSpecs: true) {
          FaultyDirectoryFeedStoreFactory(
            base: JSONFileFeedStoreFactory(directory: $0), directory: $0,
            fault: ImmutableDirectory.self)
        }
      ]
    case .readOnlyVolume:
      []
    }
  }

  /// The backend called `name`, ignoring case.
  ///
  /// - Parameter name: A backend's name, such as `sqlite`.
  /// - Returns: The backend, or `nil` when none of ``all`` has that name.
  package static func named(_ name: String) -> ConformanceBackend? {
    all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }
}
