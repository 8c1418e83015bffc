import Foundation

/// This build against another build of the same benchmark program, measured in one run: for each
/// store row, the ratio of the two builds' p50s with its interval, and the verdict it supports.
///
/// The samples of the two builds alternate in rounds, one of each build per row, which goes first
/// alternating, so both see the same machine. The ratio of a row is that of the means of each
/// build's fastest tenth of samples, its cost with nothing else in the way
/// (``RatioInterval/fastest(_:over:)``), and each resample of the bootstrap draws whole rounds.
/// A row regressed only when the whole interval lies above
/// 1 + threshold, and is unchanged only when it lies within the threshold either way; when it
/// reaches across, the comparison says it could not decide, and how many samples would. A change
/// smaller than ``BaselineComparison/noiseNanoseconds`` never counts: for a row that fast, the
/// threshold is raised to that much of its p50.
struct BuildComparison: Codable, Sendable {
  /// One store row at one size, both builds' samples, and what they say.
  struct Entry: Codable, Sendable {
    let id: RowID
    let label: String
    let size: Int
    let thisP50: Int64
    let otherP50: Int64
    /// The mean of each build's fastest tenth of samples, in nanoseconds.
    let thisFastest: Double
    let otherFastest: Double
    /// This build's fastest tenth over the other's, with its interval.
    let ratio: RatioInterval
    /// The threshold the row was judged at: the comparison's, or more for a row so fast that the
    /// timer's noise is a larger share of it.
    let threshold: Double
    let verdict: ChangeVerdict
    /// Whether the row can fail the comparison: the program's own store rows only.
    let gates: Bool
    /// About how many samples per build in all would decide an undecided row, if its ratio
    /// holds; `nil` when decided, or when no number would (the ratio sits on the threshold).
    let samplesToDecide: Int?
    /// Each build's samples, in nanoseconds, round by round.
    let thisSamplesNanoseconds: [Int64]
    let otherSamplesNanoseconds: [Int64]

    /// Judges the samples of one row, `this[i]` and `other[i]` taken in round `i`.
    init?(
      _ id: RowID, size: Int, this: [Int64], other: [Int64], threshold: Double
    ) {
      guard let ratio = RatioInterval.fastest(this, over: other) else { return nil }
      (self.id, label, self.size) = (id, id.label, size)
      thisP50 = Summary(nanoseconds: this).p50
      otherP50 = Summary(nanoseconds: other).p50
      let share = RatioInterval.fastestShare
      thisFastest = Bootstrap.Series(this).meanOfFastest(share, at: Array(this.indices))
      otherFastest = Bootstrap.Series(other).meanOfFastest(share, at: Array(other.indices))
      self.ratio = ratio
      self.threshold = max(
        threshold, Double(BaselineComparison.noiseNanoseconds) / max(otherFastest, 1))
      verdict = ratio.verdict(threshold: self.threshold)
      gates = id.kind == .store
      samplesToDecide = verdict.isDecided ? nil : ratio.samplesToDecide(threshold: self.threshold)
      (thisSamplesNanoseconds, otherSamplesNanoseconds) = (this, other)
    }
  }

  /// What the comparison measured, and how.
  struct Configuration: Codable, Sendable {
    let sizes: [Int]
    let stores: [String]
    let references: [String]
    /// Samples per row and build before any row is judged, and the most any row gets.
    let iterations: Int
    let maxIterations: Int
    let warmup: Int
    let fixtureSeed: UInt64
  }

  let tool: String
  let startedAt: String
  let machine: MachineInfo
  /// This build's executable, and the other's as given.
  let thisBuild: String
  let otherBuild: String
  let configuration: Configuration
  /// The relative change past which a row regressed or improved: 0.05 is 5%.
  let threshold: Double
  /// Every row both builds have, sizes ascending.
  let entries: [Entry]
  /// The rows asked for that the other build does not have, as `label (N=size)`.
  let rowsMissingFromOtherBuild: [String]

  /// The store rows that regressed.
  var regressions: [Entry] { entries.filter { $0.gates && $0.verdict == .regressed } }

  /// The store rows that may have regressed, or not: the samples could not decide.
  var undecided: [Entry] { entries.filter { $0.gates && $0.verdict == .regressedOrNot } }

  /// 1 when a store row regressed, 4 when none did but the samples could not rule it out for
  /// some, 0 otherwise.
  var exitCode: ExitCode {
    regressions.isEmpty ? undecided.isEmpty ? .success : .undecided : .regression
  }

  /// What standard error says after the report: the rows that regressed, or could not be decided.
  var verdict: String {
    let against = "by more than \(Formatting.percent(threshold)) against \(otherBuild)"
    func line(_ entry: Entry) -> String {
      "\(entry.label) (N=\(entry.size)) \(Formatting.ratio(entry.ratio.ratio)), "
        + Formatting.interval(entry.ratio)
    }
    if !regressions.isEmpty {
      return "\(regressions.count) store row(s) regressed \(against):\n  "
        + regressions.map(line).joined(separator: "\n  ")
    }
    if !undecided.isEmpty {
      return "could not decide whether \(undecided.count) store row(s) regressed \(against):\n  "
        + undecided.map { line($0) + "; " + Self.samplesAdvice($0) }.joined(separator: "\n  ")
    }
    return "no store row regressed \(against)"
  }

  /// The most samples per row and build `--max-iterations` allows.
  static let maximumSamples = 100_000

  /// How many more samples per build would decide an undecided row.
  static func samplesAdvice(_ entry: Entry) -> String {
    guard let needed = entry.samplesToDecide else {
      return "its ratio sits on the threshold: no number of samples would decide it"
    }
    guard needed <= maximumSamples else {
      return "more than \(Formatting.grouped(maximumSamples)) samples per build would be needed"
    }
    return "about \(Formatting.grouped(max(needed - entry.ratio.samples, 1))) more samples per "
      + "build would decide it (--max-iterations \(needed))"
  }
}
