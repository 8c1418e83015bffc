import Foundation
import SharedSupport

/// What a catalog's self-test saw of each broken implementation: every spec it failed, with the
/// first message and the time the spec took, and every spec named for it that it passed.
final class SelfTestLedger: Sendable {
  /// One spec run on one broken implementation.
  struct Entry: Sendable {
    let implementation: String
    let specID: String
    /// Whether the spec is named for the implementation, so it must fail.
    let isNamed: Bool
    let firstMessage: String?
    let elapsed: Duration
  }

  private let entries = Locked<[Entry]>([])

  /// Adds `entry`; once `total` entries are in, calls `whenComplete` with the table, once.
  func add(_ entry: Entry, completing total: Int, whenComplete: (String) -> Void) {
    let isComplete = entries.withLock {
      $0.append(entry)
      return $0.count == total
    }
    if isComplete { whenComplete(table) }
  }

  /// The entries worth reading, as a Markdown table: by implementation, then spec.
  var table: String {
    let rows = entries.current
      .filter { $0.firstMessage != nil || $0.isNamed }
      .sorted { ($0.implementation, $0.specID) < ($1.implementation, $1.specID) }
      .map { entry in
        let message = entry.firstMessage.map(Self.cell) ?? "**passed**"
        return
          "| \(entry.implementation) | `\(entry.specID)`\(entry.isNamed ? "" : " (not named)") "
          + "| \(entry.elapsed.readable) | \(message) |"
      }
    return
      (["| Broken implementation | Spec | Time | First message |", "| --- | --- | ---: | --- |"]
      + rows).joined(separator: "\n") + "\n"
  }

  /// A message as one cell of a Markdown table: its first line, with its pipes escaped.
  private static func cell(_ message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    let first = String(lines.first ?? "").replacingOccurrences(of: "|", with: "\\|")
    return lines.count > 1 ? first + " …" : first
  }
}
