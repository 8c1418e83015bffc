import FeedStoreSpecs
import Foundation

/// One backend of this repository as the conformance run checks it: its name and the factory
/// whose capabilities choose its specs.
///
/// Every backend in `FeedStoreBackend.all` has one; a test fails when one is missing.
package struct ConformanceBackend: Sendable, CustomStringConvertible {
  /// The backend's name, as `FeedStoreBackend` registers it.
  package let name: String
  /// The capabilities the backend's factory provides, as `FeedStoreCapability.isProvided(by:)`
  /// finds them.
  package let capabilities: [FeedStoreCapability]
  /// The specs the backend is known not to pass yet: they run, and show as known issues.
  package let knownDeviations: [KnownDeviation]
  /// Every spec this backend must pass, each ready to run in a directory of its own.
  package let conformanceCases: [FeedStoreConformanceCase]

  init<Factory: FeedStoreFactory>(
    _ name: String,
    knownDeviations: [KnownDeviation] = [],
    makeFactory: @escaping @Sendable (_ directory: URL) -> Factory
  ) {
    self.name = name
    self.capabilities = FeedStoreCapability.allCases.filter { $0.isProvided(by: Factory.self) }
    self.knownDeviations = knownDeviations
    self.conformanceCases = FeedStoreSpec.all(for: Factory.self).map { spec in
      FeedStoreConformanceCase(
        backend: name, spec: spec, knownDeviations: knownDeviations, makeFactory: makeFactory)
    }
  }

  package var description: String { name }
}

extension ConformanceBackend {
  /// Every backend of this repository, with its factory.
  package static let all: [ConformanceBackend] = [
    ConformanceBackend("InMemory") { _ in InMemoryFeedStoreFactory() },
    ConformanceBackend("Codable", makeFactory: CodableFeedStoreFactory.init(directory:)),
    ConformanceBackend("SQLite", makeFactory: SQLiteFeedStoreFactory.init(directory:)),
  ]

  /// The backend called `name`, ignoring case.
  ///
  /// - Parameter name: A backend's name, such as `sqlite`.
  /// - Returns: The backend, or `nil` when none of ``all`` has that name.
  package static func named(_ name: String) -> ConformanceBackend? {
    all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }
}
