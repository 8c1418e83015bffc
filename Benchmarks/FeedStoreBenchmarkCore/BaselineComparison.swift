/// This run against a saved one: each row's p50 change with the noise of both runs, and which
/// stores regressed.
///
/// Rows match by id and N (for the sustained mode's, N is the inserts). A row of the program's
/// own stores regresses only when its change lies beyond the threshold *and* beyond the noise of
/// the two runs: the whole interval of the ratio of its p50s, each run's samples resampled on its
/// own, above 1 + threshold, and its p50 slower by more than ``noiseNanoseconds``, below which
/// sub-microsecond rows move by several times their own p50 from jitter. Two runs are measured
/// at different times, so the load that moved between them is not in either run's noise: this is
/// for keeping history; a gate compares two builds in one run (`--compare`). Floors, baselines
/// and reference backends only show how much the machine moved.
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
    /// This run's p50 over the saved run's, with its interval.
    let ratio: RatioInterval
    /// Each run's noise: half the width of its p50's interval, over its p50.
    let currentNoise: Double
    let baselineNoise: Double
    /// Whether the row can fail the run: the program's own store rows only.
    let gates: Bool
    /// Whether the row gates and slowed down past the threshold, beyond both runs' noise and the
    /// timer's.
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
    let saved = Self.figures(of: baseline).reduce(into: [RowID: [Int: [Int64]]]()) {
      $0[$1.id, default: [:]][$1.size] = $1.samples
    }
    var entries: [Entry] = []
    var newRows: [String] = []
    for (id, size, samples) in Self.figures(of: report) {
      guard let old = saved[id]?[size], let ratio = RatioInterval.independent(samples, over: old)
      else {
        newRows.append("\(id.label) (N=\(size))")
        continue
      }
      let (p50, oldP50) = (Summary(nanoseconds: samples).p50, Summary(nanoseconds: old).p50)
      let gates = id.kind == .store
      entries.append(
        Entry(
          id: id, label: id.label, size: size, baselineP50: oldP50, currentP50: p50,
          change: Double(p50 - oldP50) / Double(max(oldP50, 1)), ratio: ratio,
          currentNoise: Self.noise(samples), baselineNoise: Self.noise(old), gates: gates,
          regressed: gates && ratio.isAbove(1 + threshold) && p50 - oldP50 > Self.noiseNanoseconds
        ))
    }
    self.entries = entries
    self.newRows = newRows
  }

  /// What standard error says after the report: how many store rows regressed, and which.
  var verdict: String {
    let rows = regressions.map {
      "\($0.label) (N=\($0.size)) \(Formatting.percentChange($0.change)), "
        + Formatting.interval($0.ratio)
    }
    return
      "\(rows.count) store row(s) regressed by more than \(Formatting.percentChange(threshold)) "
      + "beyond the noise against \(baselineFile)"
      + (rows.isEmpty ? "" : ":\n  " + rows.joined(separator: "\n  "))
  }

  /// Half the width of the interval of the p50 of `samples`, over the p50.
  static func noise(_ samples: [Int64]) -> Double {
    let series = Bootstrap.Series(samples)
    let interval = Bootstrap.interval(strata: [samples.count]) { series.median(at: $0[0]) }
    guard interval.estimate > 0 else { return 0 }
    return (interval.upper - interval.lower) / 2 / interval.estimate
  }

  /// Every row of `report` that can be compared, with its samples, in report order.
  private static func figures(of report: RunReport) -> [(id: RowID, size: Int, samples: [Int64])] {
    report.rows.map { ($0.id, $0.size, $0.samplesNanoseconds) }
      + report.sustained.flatMap { row in
        [(row.id, row.inserts, row.insertSamplesNanoseconds)]
          + (row.readers.map {
            [
              (
                .store(row.id.name, "retrieve while inserting", kind: row.id.kind), row.inserts,
                $0.retrieveSamplesNanoseconds
              )
            ]
          } ?? [])
      }
  }
}
