/// This run against a saved one: each row's p50 change, and which stores regressed.
///
/// Only store rows gate the exit status; the floors and the encoder baseline are compared too,
/// as a measure of how much the machine itself moved between the two runs.
///
/// A store row regresses when its p50 is slower by more than the threshold and by more than
/// ``noiseNanoseconds``: sub-microsecond rows (an in-memory store) move by several times their
/// own p50 from scheduling jitter alone, and would otherwise fail every comparison.
struct BaselineComparison: Codable, Sendable {
  /// Slow-downs no larger than this many nanoseconds never count as regressions.
  static let noiseNanoseconds: Int64 = 5_000

  /// One row found in both runs.
  struct Entry: Codable, Sendable {
    /// The row.
    let id: RowID
    /// How reports show the row.
    let label: String
    /// The number of images.
    let size: Int
    /// The saved run's p50, in nanoseconds.
    let baselineP50: Int64
    /// This run's p50, in nanoseconds.
    let currentP50: Int64
    /// The relative change of p50: +0.25 is 25% slower.
    let change: Double
    /// Whether the row can fail the run: store rows only.
    let gates: Bool
    /// Whether the row gates and slowed down past the threshold and the noise floor.
    let regressed: Bool
  }

  /// The saved run's file, as given.
  let baselineFile: String
  /// When the saved run started.
  let baselineStartedAt: String
  /// The relative slow-down past which a store row regresses: 0.1 is 10%.
  let threshold: Double
  /// Every row found in both runs, in this run's order.
  let entries: [Entry]
  /// This run's rows the saved run does not have, as `label (N=size)`.
  let newRows: [String]

  /// The store rows that regressed.
  var regressions: [Entry] { entries.filter(\.regressed) }

  /// Compares `rows` with `baseline`'s rows of the same id and size.
  init(rows: [ResultRow], baseline: RunReport, baselineFile: String, threshold: Double) {
    self.baselineFile = baselineFile
    baselineStartedAt = baseline.startedAt
    self.threshold = threshold
    var saved: [RowKey: ResultRow] = [:]
    for row in baseline.rows {
      saved[RowKey(id: row.id, size: row.size)] = row
    }
    var entries: [Entry] = []
    var newRows: [String] = []
    for row in rows {
      guard let old = saved[RowKey(id: row.id, size: row.size)] else {
        newRows.append("\(row.label) (N=\(row.size))")
        continue
      }
      let change = Double(row.summary.p50 - old.summary.p50) / Double(max(old.summary.p50, 1))
      let gates = row.id.kind == .store
      entries.append(
        Entry(
          id: row.id, label: row.label, size: row.size, baselineP50: old.summary.p50,
          currentP50: row.summary.p50, change: change, gates: gates,
          regressed: gates && change > threshold
            && row.summary.p50 - old.summary.p50 > Self.noiseNanoseconds))
    }
    self.entries = entries
    self.newRows = newRows
  }

  private struct RowKey: Hashable {
    let id: RowID
    let size: Int
  }
}
