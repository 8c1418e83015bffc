import Foundation
import SharedSupport

/// The likely causes of this process's failures, per catalog and factory type, with the specs
/// that failed for each: the headline the first such failure carries, and the digest the run
/// prints when the process ends, so that one flaw is read once, first, rather than pieced
/// together from every spec it fails.
final class CauseDigest: Sendable {
  /// The digest of this process, which it prints when it ends.
  static let processWide = CauseDigest()
  /// The digest failures go to: the process's, or a test's own.
  @TaskLocal static var current = processWide

  /// Whether failures are left out of the digest, as ``collectIssues(recordedBy:)`` leaves them.
  @TaskLocal static var isSuspended = false

  private let state = Locked(State())

  private struct State: Sendable {
    var specs: [Key: Set<String>] = [:]
    /// The keys in the order their first failure came, which the digest keeps.
    var order: [Key] = []
    var printsAtExit = false
  }

  /// One cause on one factory type of one catalog.
  private struct Key: Hashable, Sendable {
    let catalog: String
    let factory: String
    let cause: String
  }

  /// Notes that spec `specID` failed for `cause`, and records the failure with `record`, told
  /// whether it is the first failure of this cause on the factory type in this process (the one
  /// that carries the headline; never while the digest is suspended).
  ///
  /// `record` runs under the digest's lock, so that no failure of the cause reaches the test
  /// before the headline does.
  func note(
    _ cause: String, specID: String, catalog: String, factory: String,
    record: (_ isFirst: Bool) -> Void
  ) {
    guard !Self.isSuspended else { return record(false) }
    let key = Key(catalog: catalog, factory: factory, cause: cause)
    let startsPrinting = state.withLock { state in
      let isFirst = state.specs[key] == nil
      if isFirst { state.order.append(key) }
      state.specs[key, default: []].insert(specID)
      record(isFirst)
      defer { state.printsAtExit = true }
      return !state.printsAtExit
    }
    if startsPrinting {
      atexit { CauseDigest.processWide.printDigest() }
    }
  }

  /// The digest, one line a cause, in the order the causes first failed.
  var lines: [String] {
    let state = state.current
    return state.order.map { key in
      FailureMessage.causeDigestLine(
        key.cause, catalog: key.catalog, factory: key.factory,
        specs: (state.specs[key] ?? []).sorted())
    }
  }

  private func printDigest() {
    let lines = lines
    guard !lines.isEmpty else { return }
    print(([FailureMessage.causeDigestTitle] + lines).joined(separator: "\n"))
  }
}
