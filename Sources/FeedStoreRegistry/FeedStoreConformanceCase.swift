import FeedStoreSpecs
import Foundation
import Testing

/// One spec on one backend: a test case of the conformance run, named like
/// `JSONFile: insert_overridesPreviouslyInsertedCache`.
package struct FeedStoreConformanceCase: Identifiable, Sendable, CustomTestStringConvertible {
  /// The backend's name.
  package let backend: String
  /// The spec's stable name.
  package let specID: String
  /// The capability the spec checks.
  package let capability: FeedStoreCapability
  private let run: @Sendable (URL, SourceLocation) async throws -> Void
  private let runInChildProcess: @Sendable (URL, SourceLocation) async throws -> Void

  init<Factory: FeedStoreFactory & Codable>(
    backend: String,
    spec: FeedStoreSpec,
    knownDeviations: [KnownDeviation],
    makeFactory: @escaping @Sendable (URL) -> Factory
  ) {
    self.backend = backend
    self.specID = spec.id
    self.capability = spec.capability
    self.run = { directory, sourceLocation in
      try await spec.verify(
        makeFactory(directory), knownDeviations: knownDeviations, sourceLocation: sourceLocation)
    }
    #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
      self.runInChildProcess = { directory, sourceLocation in
        try await spec.verifyInChildProcess(
          makeFactory(directory), knownDeviations: knownDeviations, sourceLocation: sourceLocation)
      }
    #else
      // No exit tests on this platform: the case runs in this process.
      self.runInChildProcess = run
    #endif
  }

  /// A stable name for the case, `backend/spec`, so one case can be re-run alone.
  package var id: String { "\(backend)/\(specID)" }

  package var testDescription: String { "\(backend): \(specID)" }

  /// Runs the spec on stores that keep their files in `directory`; a spec among the backend's
  /// known deviations shows as a known issue while it fails, and fails once it passes.
  ///
  /// - Parameters:
  ///   - directory: An existing directory that only this case uses.
  ///   - sourceLocation: Where failures are reported; the caller's line by default.
  /// - Throws: An error the factory or the store threw while the spec set up its state.
  package func verify(in directory: URL, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try await run(directory, sourceLocation)
  }

  /// Runs the spec as ``verify(in:sourceLocation:)`` does, in a child process of its own, so a
  /// backend that traps fails this case, with the trap's message, instead of the whole run.
  ///
  /// - Parameters:
  ///   - directory: An existing directory that only this case uses.
  ///   - sourceLocation: Where failures are reported; the caller's line by default.
  /// - Throws: An error when the factory cannot be encoded for the child.
  package func verifyInChildProcess(
    in directory: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await runInChildProcess(directory, sourceLocation)
  }
}
