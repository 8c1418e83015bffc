import Foundation

/// Every kill of one backend, counted: what the storage held, and what temporary files stayed.
struct KillReport: Sendable {
  /// The backend's name.
  let backend: String
  /// What the killed insert wrote over.
  let scenario: KillScenario
  /// The run's configuration.
  let configuration: KillConfiguration
  /// How long the insert took in each uninterrupted run that placed the kill points after it.
  let uninterruptedInserts: [Duration]
  /// Every kill, in the order they were made.
  let trials: [KillTrial]

  /// Kills after which the storage held the old cache (nothing, in new storage).
  var oldCount: Int { trials.count { $0.outcome == .old } }
  /// Kills after which the storage held the new feed.
  var newCount: Int { trials.count { $0.outcome == .new } }
  /// Trials whose child finished its insert before the kill, a subset of ``newCount``.
  var finishedBeforeKillCount: Int { trials.count(where: \.finishedBeforeKill) }
  /// What the storage held after each kill that left neither feed.
  var tornOutcomes: [String] {
    trials.compactMap { trial in
      guard case .torn(let description) = trial.outcome else { return nil }
      return "killed \(format(trial.delay)) into the insert: \(description)"
    }
  }
  /// Children that ended other than by the kill or a successful insert.
  var childFailures: [String] {
    trials.compactMap { trial in
      switch trial.exit {
      case .killed, .exited(status: 0): nil
      case .exited(let status): "exited with status \(status): \(trial.errorOutput)"
      case .signaled(let signal): "ended by signal \(signal): \(trial.errorOutput)"
      }
    }
  }
  /// Trials that left temporary files right after the kill.
  var leftoverAfterKillCount: Int { trials.count { !$0.leftoversAfterKill.isEmpty } }
  /// The most bytes of temporary files one kill left.
  var largestLeftoverBytes: Int {
    trials.map { $0.leftoversAfterKill.values.reduce(0, +) }.max() ?? 0
  }
  /// Trials whose temporary files were still there after the next insert.
  var leftoverAfterNextInsertCount: Int {
    trials.count { !$0.leftoversAfterNextInsert.isEmpty }
  }
  /// Temporary files that stayed after the next insert, by name, across every trial.
  var namesLeftAfterNextInsert: [String] {
    trials.flatMap(\.leftoversAfterNextInsert.keys).sorted()
  }

  /// The earliest kill, from the moment the child started inserting.
  var firstKill: Duration { trials.map(\.delay).min() ?? .zero }
  /// The latest kill, from the moment the child started inserting.
  var lastKill: Duration { trials.map(\.delay).max() ?? .zero }

  /// The counts in a line or two, as the test prints them and the docs quote them.
  var summary: String {
    let killedMidInsert = newCount - finishedBeforeKillCount
    var lines = [
      "Kill test, \(backend): \(trials.count) kills (seed \(configuration.seed), "
        + "\(scenario.summary), "
        + "uninterrupted inserts \(format(uninterruptedInserts.min() ?? .zero))–"
        + "\(format(uninterruptedInserts.max() ?? .zero)), kills \(format(firstKill))–"
        + "\(format(lastKill)) into the insert): "
        + "\(oldCount) \(scenario.oldOutcome), \(newCount) new (\(finishedBeforeKillCount) of them "
        + "finished before "
        + "the kill), \(tornOutcomes.count) torn; temporary files left by \(leftoverAfterKillCount) "
        + "kills (at most \(largestLeftoverBytes) bytes), still there after the next insert in "
        + "\(leftoverAfterNextInsertCount)."
    ]
    if oldCount == 0 || killedMidInsert == 0 {
      lines.append(
        "Kill test, \(backend), \(scenario.summary): no kills landed on both sides of the moment "
          + "the new feed replaced the old (\(oldCount) \(scenario.oldOutcome), \(killedMidInsert) "
          + "new from a killed child).")
    }
    return lines.joined(separator: "\n")
  }
}

/// A duration in milliseconds, as the report shows it.
private func format(_ duration: Duration) -> String {
  let milliseconds =
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  return "\(Int(milliseconds.rounded())) ms"
}
