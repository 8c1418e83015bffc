import SharedSupport

/// Learns, for a catalog's self-test, whether a spec ran on the implementation at all: a spec
/// that does not apply, whose factory lacks its capability, or that cannot start says so in a
/// message meant for a person, and the self-test must not read that message to tell.
final class SpecOutcomeObserver: Sendable {
  /// The observer of the specs this task runs, if a self-test watches them.
  @TaskLocal static var current: SpecOutcomeObserver?

  private let notRun = Locked(false)

  /// Notes that the spec did not run on the implementation.
  func noteDidNotRun() {
    notRun.withLock { $0 = true }
  }

  /// Whether a spec it observed did not run.
  var didNotRun: Bool { notRun.current }
}
