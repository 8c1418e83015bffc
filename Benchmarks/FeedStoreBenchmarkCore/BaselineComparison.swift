/// This run against a saved one: each row's p50 change, and which stores regressed.
///
/// Rows match by id and N (for the sustained mode's, N is the inserts). A row of the program's
/// own stores regresses when its p50 is slower by more than the threshold and
/// ``noiseNanoseconds``, below which sub-microsecond rows move by several times their own p50 from
/// jitter; floors, baselines and reference backends only show how much the machine moved.
struct BaselineComparison: Codable, Sendable {
  /// Slow-downs no larger than this many nanoseconds never count as regressions.
  static let noiseNanoseconds: Int64 = 5_000

  /// One row found in both runs, with its p50 in each, in nanoseconds.
  struct Entry: Codable, Sendable {
    let id: RowID
    let label: String
    /// The number of images; for a sustained row, the number of inserts.
    let size: Int
    let baselineP50: Int64
    let currentP50: Int64
    /// The relative change of p50: +0.25 is 25% slower.
    let change: Double
    /// Whether the row can fail the run: the program's own store rows only.
    let gates: Bool
    /// Whether the row gates and slowed down past the threshold and the noise floor.
    let regressed: Bool
  }

  /// The saved run's file, as given, and when it started.
  let baselineFile: String
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
    let saved = Self.figures(of: baseline).reduce(into: [RowID: [Int: Int64]]()) {
      $0[$1.id, default: [:]][$1.size] = $1.p50
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
          gates: gates, regressed: gates && change > threshold && p50 - old > Self.noiseNanoseconds
        ))
    }
    self.entries = entries
    self.newRows = newRows
  }

  /// What standard error says after the report: how many store rows regressed, and which.
  var verdict: String {
    let rows = regressions.map {
      "\($0.label) (N=\($0.size)) \(Formatting.percentChange($0.change))"
    }
    return
      "\(rows.count) store row(s) regressed by more than \(Formatting.percentChange(threshold)) "
      + "against \(baselineFile)" + (rows.isEmpty ? "" : ":\n  " + rows.joined(separator: "\n  "))
  }

  /// Every p50 of `report` that can be compared, in report order.
  private static func figures(of report: RunReport) -> [(id: RowID, size: Int, p50: Int64)] {
    report.rows.map { ($0.id, $0.size, $0.summary.p50) }
      + report.sustained.flatMap { row in
        [(row.id, row.inserts, row.insert.p50)]
          + (row.readers.map {
            [
              (
                .store(row.id.name, "retrieve while inserting", kind: row.id.kind), row.inserts,
                $0.retrieve.p50
              )
            ]
          }
            ?? [])
      }
  }
}
