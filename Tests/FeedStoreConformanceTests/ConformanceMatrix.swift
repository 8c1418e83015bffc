import FeedStoreRegistry
import FeedStoreSpecs
import Foundation

/// Which specs apply to which backend, and why the others do not (a capability it lacks, or a
/// row of the damaged-storage table its format cannot have), as
/// `.ci/conformance-report.py` reads it beside a run's results to write `docs/Conformance.md`.
struct ConformanceMatrix: Encodable {
  struct Backend: Encodable {
    let name: String
    /// The names of the capabilities the backend's factory has.
    let capabilities: [String]
    let knownDeviations: [Deviation]
    let notApplicable: [NotApplicable]
  }

  /// A spec of the backend's capabilities whose row its format cannot have.
  struct NotApplicable: Encodable {
    let specID: String
    let reason: String
  }

  struct Deviation: Encodable {
    let specID: String
    let reason: String
    let link: String
  }

  struct Spec: Encodable {
    let id: String
    /// The name of the capability the spec needs.
    let capability: String
    let protocolName: String
    let summary: String
  }

  let backends: [Backend]
  let specs: [Spec]

  /// The matrix of this repository's backends and the library's catalog.
  static var current: ConformanceMatrix {
    ConformanceMatrix(
      backends: ConformanceBackend.all.map { backend in
        Backend(
          name: backend.name, capabilities: backend.capabilities.map(\.name),
          knownDeviations: backend.knownDeviations.map {
            Deviation(specID: $0.specID, reason: $0.reason, link: $0.link)
          },
          notApplicable: backend.notApplicableCases.map {
            NotApplicable(specID: $0.specID, reason: $0.reason)
          })
      },
      specs: FeedStoreSpec.catalog.map { spec in
        Spec(
          id: spec.id, capability: spec.capability.name, protocolName: spec.capability.protocolName,
          summary: spec.summary)
      })
  }

  /// Writes the matrix as JSON to `url`.
  ///
  /// - Parameter url: The file to write.
  /// - Throws: An error when the file cannot be written.
  func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: url)
  }
}
