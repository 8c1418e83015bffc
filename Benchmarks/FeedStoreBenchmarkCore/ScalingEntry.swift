/// How one row's cost per image changes from the smallest size to the largest: rising past
/// ``worseThanLinearGrowth`` beyond the noise is worse than linear; falling is fixed costs spread
/// over more images.
struct ScalingEntry: Codable, Sendable {
  enum Verdict: String, Codable, Sendable {
    case betterThanLinear = "better than linear"
    case linear = "linear"
    case worseThanLinear = "worse than linear"
  }

  /// One size's p50 per image, in nanoseconds.
  struct Point: Codable, Sendable {
    let size: Int
    let nanosecondsPerImage: Double
  }

  /// The growth past which a row is flagged, and below whose inverse it is better than linear.
  static let worseThanLinearGrowth = 1.5

  let id: RowID
  let label: String
  /// Cost per image at each size, smallest first.
  let points: [Point]
  /// The last point over the first, with its interval: both sizes were sampled in the same
  /// rounds, so each resample keeps a round's two samples together.
  let growth: RatioInterval
  /// Worse than linear only when the whole interval lies above the limit, better than linear
  /// only when it lies below its inverse.
  let verdict: Verdict

  /// What the report prints beside a verdict of worse than linear: for a floor or a baseline, that
  /// the machine is the cause, since they are the same code in every run.
  var flagDetail: String? {
    guard verdict == .worseThanLinear else { return nil }
    let measured = Formatting.interval(growth)
    return id.isStore
      ? measured
      : "\(measured): a \(id.kind.rawValue) row, so the machine (caches, load), not a store"
  }

  /// The scaling of every row measured at two sizes or more, in the order of `rows`.
  static func analyze(_ rows: [ResultRow]) -> [ScalingEntry] {
    ResultRow.bySize(rows).compactMap { id, rows in
      guard rows.count >= 2, let first = rows.first, let last = rows.last else { return nil }
      let points = rows.map { Point(size: $0.size, nanosecondsPerImage: $0.nanosecondsPerImage) }
      let times =
        RatioInterval.paired(last.samplesNanoseconds, over: first.samplesNanoseconds)
        ?? RatioInterval.independent(last.samplesNanoseconds, over: first.samplesNanoseconds)
      guard let times else { return nil }
      let growth = times.scaled(by: Double(first.size) / Double(last.size))
      let verdict: Verdict =
        growth.isAbove(worseThanLinearGrowth)
        ? .worseThanLinear : growth.isBelow(1 / worseThanLinearGrowth) ? .betterThanLinear : .linear
      return ScalingEntry(
        id: id, label: id.label, points: points, growth: growth, verdict: verdict)
    }
  }
}
