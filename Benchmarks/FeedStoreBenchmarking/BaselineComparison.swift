/// This run against a saved one: each row's p50 change, and which stores regressed.
///
/// The sustained mode's rows are compared too: each backend's per-insert p50 as the row
/// `NAME sustained insert`, and its readers' retrieve p50 as `NAME retrieve while inserting`, at
/// N = the number of inserts. Only store rows gate the exit status; the floors and the encoder baseline are compared too,
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
    /// The number of images; for a sustained row, the number of inserts.
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

  /// Compares `report`'s rows with `baseline`'s rows of the same id and size.
  init(_ report: RunReport, baseline: RunReport, baselineFile: String, threshold: Double) {
    self.baselineFile = baselineFile
    baselineStartedAt = baseline.startedAt
    self.threshold = threshold
    var saved: [RowID: [Int: Int64]] = [:]
    for figure in Self.figures(of: baseline) {
      saved[figure.id, default: [:]][figure.size] = figure.p50
    }
    var entries: [Entry] = []
    var newRows: [String] = []
    for (id, size, p50) in Self.figures(of: report) {
      guard let old = saved[id]?[size] else {
        newRows.append("\(id.label) (N=\(size))")
        continue
      }
      let change = Double(p50 - old) / Double(max(old, 1))
      let gates = id.kind == .store
      entries.append(
        Entry(
          id: id, label: id.label, size: size, baselineP50: old, currentP50: p50, change: change,
          gates: gates,
          regressed: gates && change > threshold && p50 - old > Self.noiseNanoseconds))
    }
    self.entries = entries
    self.newRows = newRows
  }

  /// Every p50 of `report` that can be compared, in report order.
  private static func figures(of report: RunReport) -> [(id: RowID, size: Int, p50: Int64)] {
    var figures = report.rows.map { (id: $0.id, size: $0.size, p50: $0.summary.p50) }
    for row in report.sustained {
      figures.append((row.id, row.inserts, row.insert.p50))
      if let readers = row.readers {
        let id = RowID(kind: row.id.kind, name: row.id.name, operation: "retrieve while inserting")
        figures.append((id, row.inserts, readers.retrieve.p50))
      }
    }
    return figures
  }
}
