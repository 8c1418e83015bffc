import SharedSupport

/// The mistakes in a test's setup that this process has named, such as a factory that hands out
/// one instance twice: each is named once, by the first spec that meets it, and the specs after
/// it stop without repeating it.
final class MistakeReports: Sendable {
  /// The mistakes named so far: the process's, or those of one ``collectIssues(recordedBy:)``
  /// call, so that what a test inspects does not depend on what ran before.
  @TaskLocal static var current = MistakeReports()

  private let named = Locked(Set<String>())

  /// Whether the mistake `key` is met for the first time, so it is to be named.
  func isFirst(_ key: String) -> Bool {
    named.withLock { $0.insert(key).inserted }
  }
}
