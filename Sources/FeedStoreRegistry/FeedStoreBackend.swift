import FeedCache
import FeedStoreSpecs
import Foundation

/// One backend of this repository, registered once for both the conformance run and the
/// benchmark: adding a backend to ``all`` tests it against every spec its factory's
/// capabilities call for, and benchmarks it.
public struct FeedStoreBackend: Sendable, CustomStringConvertible {
  /// The backend's short name, as test cases and benchmark rows show it.
  public let name: String
  /// Every spec this backend must pass, each ready to run in a directory of its own.
  public let conformanceCases: [FeedStoreConformanceCase]
  private let makeStoreInDirectory: @Sendable (URL) async throws -> any FeedStore

  /// Registers a backend by the factory that makes its stores.
  ///
  /// - Parameters:
  ///   - name: The backend's short name.
  ///   - makeFactory: Makes a factory whose stores keep their files in the directory it is given.
  public init<Factory: FeedStoreFactory>(
    _ name: String,
    makeFactory: @escaping @Sendable (_ directory: URL) -> Factory
  ) {
    self.name = name
    self.conformanceCases = FeedStoreSpec.all(for: Factory.self).map { spec in
      FeedStoreConformanceCase(backend: name, spec: spec, makeFactory: makeFactory)
    }
    self.makeStoreInDirectory = { directory in try await makeFactory(directory).makeStore() }
  }

  /// Makes an empty store that keeps its files in `directory`.
  ///
  /// - Parameter directory: An existing directory that only this store's files use.
  /// - Returns: A new, empty store.
  /// - Throws: An error when the store cannot be made.
  public func makeStore(in directory: URL) async throws -> any FeedStore {
    try await makeStoreInDirectory(directory)
  }

  public var description: String { name }
}

extension FeedStoreBackend {
  /// Every backend of this repository.
  public static let all: [FeedStoreBackend] = [
    FeedStoreBackend("InMemory") { _ in InMemoryFeedStoreFactory() },
    FeedStoreBackend("Codable", makeFactory: CodableFeedStoreFactory.init(directory:)),
    FeedStoreBackend("SQLite", makeFactory: SQLiteFeedStoreFactory.init(directory:)),
  ]

  /// The registered backend called `name`, ignoring case.
  ///
  /// - Parameter name: A backend's name, such as `sqlite`.
  /// - Returns: The backend, or `nil` when none of ``all`` has that name.
  public static func named(_ name: String) -> FeedStoreBackend? {
    all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }
}
