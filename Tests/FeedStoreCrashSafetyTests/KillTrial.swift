import Foundation

/// One kill: when it came, how the child ended, what the storage held afterwards, and the
/// temporary files left beside it.
struct KillTrial: Sendable {
  /// How long after the child said it was starting its insert the kill was sent.
  let delay: Duration
  /// How the child ended: killed, or finished before the kill reached it.
  let exit: CrashWriterProcess.Exit
  /// The child's error output when it failed on its own.
  let errorOutput: String
  /// What a store opened on the storage afterwards retrieved.
  let outcome: KillOutcome
  /// Files beside the storage that an uninterrupted run never leaves, with their sizes in bytes.
  let leftoversAfterKill: [String: Int]
  /// The same, after a store opened afterwards had inserted once.
  let leftoversAfterNextInsert: [String: Int]

  /// Whether the child finished its insert before the kill was sent.
  var finishedBeforeKill: Bool {
    exit == .exited(status: 0)
  }
}
