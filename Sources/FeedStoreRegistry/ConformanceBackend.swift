import FeedStoreSpecs
import Foundation

/// One backend of this repository as the conformance run checks it: its name and the factory
/// whose capabilities choose its specs.
///
/// Every backend in `FeedStoreBackend.all` has one; a test fails when one is missing.
package struct ConformanceBackend: Sendable, CustomStringConvertible {
  /// The backend's name, as `FeedStoreBackend` registers it.
  package let name: String
  /// Every spec this backend must pass, each ready to run in a directory of its own.
  package let conformanceCases: [FeedStoreConformanceCase]
  /// The specs of this backend's capabilities that its format cannot have, with the reason.
  package let notApplicableCases: [FeedStoreNotApplicableCase]

  init<Factory: FeedStoreFactory>(
    _ name: String,
    makeFactory: @escaping @Sendable (_ directory: URL) -> Factory
  ) {
    self.name = name
    self.conformanceCases = FeedStoreSpec.all(for: Factory.self).map { spec in
      FeedStoreConformanceCase(backend: name, spec: spec, makeFactory: makeFactory)
    }
    self.notApplicableCases = FeedStoreSpec.notApplicable(for: Factory.self).map {
      FeedStoreNotApplicableCase(backend: name, specID: $0.spec.id, reason: $0.reason)
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
