import Foundation

/// This build against another build of the same benchmark program, measured in one run: for each
/// store row, the ratio of the two builds' costs with its interval, a noise control, and the
/// verdict they support.
///
/// The rounds come in batches (``SequentialPlan``), each measured by three workers started for
/// it alone: one of this build and two of the other. A round asks each of them for one sample of
/// every row, the three taking turns at going first. A batch gives each row one measurement, the
/// log of this build's fastest sample in the batch over the geometric mean of the other build's
/// two: the fastest because a neighbor's work only ever adds time to a sample, a batch because a
/// process can stay slow for its whole life. The ratio is `exp` of the mean of those
/// measurements, its interval Student's t interval over the batches at the plan's tail, so that
/// every look together holds 95%. The control is the other build's second worker against its
/// first, scaled to the same spread: what the comparison would say of a build against itself.
///
/// A row regressed only when the whole interval lies above 1 + threshold, and is unchanged only
/// when it lies within the threshold either way, and either only when the control's interval lies
/// within the threshold: a machine too noisy for its own build to pass against itself decides
/// nothing. Otherwise the comparison says it could not decide, and how many samples would. A
/// change smaller than ``BaselineComparison/noiseNanoseconds`` never counts: for a row that fast,
/// the threshold is raised to that much of its cost.
struct BuildComparison: Codable, Sendable {
  /// One store row at one size, the three workers' samples, and what they say.
  struct Entry: Codable, Sendable {
    let id: RowID
    let label: String
    let size: Int
    let thisP50: Int64
    let otherP50: Int64
    /// This build over the other, with its interval over every look.
    let ratio: RatioInterval
    /// The other build's second worker over its first, scaled to the ratio's spread, with its
    /// interval: the same build against itself.
    let control: RatioInterval
    /// The threshold the row was judged at: the comparison's, or more for a row so fast that the
    /// timer's noise is a larger share of it.
    let threshold: Double
    /// Whether the control lies within the threshold, so the ratio may decide.
    let controlPasses: Bool
    let verdict: ChangeVerdict
    /// Whether the row can fail the comparison: the program's own store rows only.
    let gates: Bool
    /// About how many samples per build in all would decide an undecided row, if its ratio, its
    /// control and their spreads hold; `nil` when decided, or when no number would.
    let samplesToDecide: Int?
    /// Each worker's samples, in nanoseconds, round by round, batch after batch.
    let thisSamplesNanoseconds: [Int64]
    let otherSamplesNanoseconds: [Int64]
    let controlSamplesNanoseconds: [Int64]

    /// Judges the samples of one row, `this[i]`, `other[i]` and `control[i]` taken in round `i`,
    /// as `plan` says.
    ///
    /// - Returns: `nil` unless all three have the same number of samples, at least two batches.
    init?(
      _ id: RowID, size: Int, this: [Int64], other: [Int64], control: [Int64],
      threshold: Double, plan: SequentialPlan
    ) {
      let batch = SequentialPlan.batchRounds
      guard this.count == other.count, control.count == other.count else { return nil }
      let starts = Array(stride(from: 0, to: this.count - batch + 1, by: batch))
      func fastest(_ samples: [Int64], _ start: Int) -> Double {
        log(Double(max(samples[start..<start + batch].min() ?? 1, 1)))
      }
      let (mine, theirs, again) = (
        starts.map { fastest(this, $0) }, starts.map { fastest(other, $0) },
        starts.map { fastest(control, $0) }
      )
      guard
        let comparison = BatchMean(starts.indices.map { mine[$0] - (theirs[$0] + again[$0]) / 2 }),
        let noise = BatchMean(starts.indices.map { (again[$0] - theirs[$0]) * 3.squareRoot() / 2 })
      else { return nil }
      (self.id, label, self.size) = (id, id.label, size)
      thisP50 = Summary(nanoseconds: this).p50
      otherP50 = Summary(nanoseconds: other).p50
      ratio = comparison.ratioInterval(tail: plan.tail, samples: this.count)
      self.control = noise.ratioInterval(tail: plan.tail, samples: this.count)
      let otherFastest = exp(theirs.reduce(0, +) / Double(theirs.count))
      self.threshold = max(threshold, Double(BaselineComparison.noiseNanoseconds) / otherFastest)
      controlPasses = self.control.verdict(threshold: self.threshold) == .unchanged
      verdict = controlPasses ? ratio.verdict(threshold: self.threshold) : .regressedOrNot
      gates = id.kind == .store
      samplesToDecide =
        verdict.isDecided
        ? nil
        : Self.roundsToDecide(comparison, noise, threshold: self.threshold, tail: plan.tail)
      (thisSamplesNanoseconds, otherSamplesNanoseconds) = (this, other)
      controlSamplesNanoseconds = control
    }

    /// The rounds after which the comparison's interval would lie on one side of each limit and
    /// the control's within both, if their means and spreads held.
    private static func roundsToDecide(
      _ comparison: BatchMean, _ noise: BatchMean, threshold: Double, tail: Double
    ) -> Int? {
      let (down, up) = (log(1 - threshold), log(1 + threshold))
      let mean = comparison.mean
      let margin = mean > up ? mean - up : mean < down ? down - mean : min(mean - down, up - mean)
      let limit = maximumSamples / SequentialPlan.batchRounds
      func batches(_ measured: BatchMean, _ margin: Double) -> Int? {
        measured.halfWidth(tail: tail) < margin
          ? measured.count : measured.countNarrowerThan(margin, tail: tail, limit: limit)
      }
      guard
        let needed = batches(comparison, margin),
        let control = batches(noise, min(noise.mean - down, up - noise.mean))
      else { return nil }
      return max(needed, control) * SequentialPlan.batchRounds
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
    /// The rounds after which rows were judged, and each batch's rounds, started by new workers.
    let looks: [Int]
    let batchRounds: Int
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

  /// Why an undecided row is undecided, and how many more samples per build would decide it.
  static func samplesAdvice(_ entry: Entry) -> String {
    let control =
      entry.controlPasses
      ? ""
      : "the other build against itself reads \(Formatting.ratio(entry.control.ratio)), "
        + "\(Formatting.interval(entry.control)), beyond the threshold: the machine is too noisy "
        + "to decide; "
    guard let needed = entry.samplesToDecide else {
      return control
        + (entry.controlPasses
          ? "its ratio sits on the threshold: no number of samples would decide it"
          : "no number of samples would decide it")
    }
    guard needed <= maximumSamples else {
      return control
        + "more than \(Formatting.grouped(maximumSamples)) samples per build would be needed"
    }
    return control
      + "about \(Formatting.grouped(max(needed - entry.ratio.samples, 1))) more samples per "
      + "build would decide it (--max-iterations \(needed))"
  }
}
